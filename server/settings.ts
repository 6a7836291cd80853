/**
 * The ranklens.* settings: defaults, reading whatever a client sends (VS Code's nested objects, a
 * partial table from another editor, or nothing) and turning them into evaluation options.
 */
import { FixtureOptions } from '../shared/evaluation';
import { DEFAULT_CUTOFFS, DEFAULT_QRELS_PATTERNS, DEFAULT_RUN_PATTERNS } from '../shared/fixture';
import { DEFAULT_PRESET } from '../shared/core';
import { ColumnMap, columnMapOf } from '../shared/trecdoc';

export type SeverityName = 'error' | 'warning' | 'info' | 'hint' | 'off';
const SEVERITY_NAMES: readonly SeverityName[] = ['error', 'warning', 'info', 'hint', 'off'];

export interface Settings {
  /** The preset for fixtures that name no convention. */
  defaultConvention: string;
  /** The cutoffs for fixtures that give no k. */
  defaultCutoffs: number[];
  /** The metrics lenses and the status bar lead with (empty: nDCG and AP at the largest k, P and R at the smallest). */
  headlineMetrics: string[];
  /** presetSpread: mark a lens value whose presets spread more than 0.01 (shared/evaluation/presetSpread.ts). */
  codeLens: { enable: boolean; presetSpread: boolean };
  hover: { enable: boolean };
  inlayHints: { enable: boolean };
  /** Per finding code: a severity, or off. */
  severity: Record<string, SeverityName>;
  /** The convention-dependent hint costs one evaluation per preset per case, so it is opt-in. */
  diagnostics: { conventionDependent: boolean };
  /** Glob patterns of more files to treat as fixtures, besides *.rank.json / *.rank.yaml. */
  extraFilePatterns: string[];
  /**
   * File-name patterns of TREC runs and qrels, for clients that give them no language id of their own
   * (VS Code's client gives trec-run and trec-qrels); a .txt file is TREC only when a pattern says so.
   * columns: the column (or JSON key) of each role in TSV, CSV and JSON runs and qrels, as
   * `ranklens trec --columns` names them.
   */
  trec: { runPatterns: string[]; qrelsPatterns: string[]; columns: ColumnMap };
}

export const DEFAULT_SETTINGS: Settings = {
  defaultConvention: DEFAULT_PRESET,
  defaultCutoffs: [...DEFAULT_CUTOFFS],
  headlineMetrics: [],
  codeLens: { enable: true, presetSpread: true },
  hover: { enable: true },
  inlayHints: { enable: true },
  severity: {},
  diagnostics: { conventionDependent: false },
  extraFilePatterns: [],
  trec: { runPatterns: [...DEFAULT_RUN_PATTERNS], qrelsPatterns: [...DEFAULT_QRELS_PATTERNS], columns: {} },
};

type Raw = Record<string, unknown>;
const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

function flag(raw: Raw, key: string, fallback: boolean): boolean {
  const v = raw[key];
  if (typeof v === 'boolean') return v;
  if (isObject(v) && typeof v.enable === 'boolean') return v.enable;
  return fallback;
}

/** Settings from a client's answer; anything missing or malformed keeps its default. */
export function readSettings(raw: unknown): Settings {
  if (!isObject(raw)) return DEFAULT_SETTINGS;
  const d = DEFAULT_SETTINGS;
  const cutoffs = Array.isArray(raw.defaultCutoffs) ? raw.defaultCutoffs.filter((k): k is number => Number.isSafeInteger(k) && k >= 1) : [];
  const severity: Record<string, SeverityName> = {};
  if (isObject(raw.severity)) {
    for (const [code, value] of Object.entries(raw.severity)) {
      const name = value === 'information' ? 'info' : value;
      if (SEVERITY_NAMES.includes(name as SeverityName)) severity[code] = name as SeverityName;
    }
  }
  const diagnostics = isObject(raw.diagnostics) ? raw.diagnostics : {};
  return {
    defaultConvention: typeof raw.defaultConvention === 'string' && raw.defaultConvention ? raw.defaultConvention : d.defaultConvention,
    defaultCutoffs: cutoffs.length > 0 ? cutoffs : d.defaultCutoffs,
    headlineMetrics: Array.isArray(raw.headlineMetrics)
      ? raw.headlineMetrics.filter((m): m is string => typeof m === 'string' && m.length > 0)
      : [],
    codeLens: {
      enable: flag(raw, 'codeLens', d.codeLens.enable),
      presetSpread:
        isObject(raw.codeLens) && typeof raw.codeLens.presetSpread === 'boolean' ? raw.codeLens.presetSpread : d.codeLens.presetSpread,
    },
    hover: { enable: flag(raw, 'hover', d.hover.enable) },
    inlayHints: { enable: flag(raw, 'inlayHints', d.inlayHints.enable) },
    severity,
    diagnostics: {
      conventionDependent:
        typeof diagnostics.conventionDependent === 'boolean' ? diagnostics.conventionDependent : d.diagnostics.conventionDependent,
    },
    extraFilePatterns: Array.isArray(raw.extraFilePatterns)
      ? raw.extraFilePatterns.filter((p): p is string => typeof p === 'string' && p.length > 0)
      : [],
    trec: {
      runPatterns: patterns(trecSetting(raw, 'runPatterns'), d.trec.runPatterns),
      qrelsPatterns: patterns(trecSetting(raw, 'qrelsPatterns'), d.trec.qrelsPatterns),
      columns: columnMapOf(trecSetting(raw, 'columns')),
    },
  };
}

// ranklens.trec.<key>: VS Code sends { trec: { key } }; other clients may send the dotted key.
function trecSetting(raw: Raw, key: string): unknown {
  return isObject(raw.trec) && key in raw.trec ? raw.trec[key] : raw[`trec.${key}`];
}

// A list of patterns as given (an empty list turns the patterns off); anything else keeps the default.
function patterns(v: unknown, fallback: readonly string[]): string[] {
  return Array.isArray(v) ? v.filter((p): p is string => typeof p === 'string' && p.length > 0) : [...fallback];
}

/** How the settings shape every evaluation. */
export function fixtureOptions(s: Settings): FixtureOptions {
  return {
    defaultConvention: {
      preset: s.defaultConvention,
      source: s.defaultConvention === DEFAULT_SETTINGS.defaultConvention ? 'built-in' : 'setting',
    },
    ...(s.headlineMetrics.length > 0 ? { headlineMetrics: s.headlineMetrics } : {}),
    defaultCutoffs: s.defaultCutoffs,
    compare: s.diagnostics.conventionDependent && s.severity['convention-dependent'] !== 'off',
  };
}
