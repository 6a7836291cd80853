/**
 * docs/reference/settings.md: the VS Code settings and commands, from package.json's `contributes`, and
 * the keys of ranklens.config.json, from schemas/ranklens-config.schema.json.
 */
import { code, codes, page, table } from './markdown';

/** The parts of a JSON Schema property the page reads. */
interface SchemaProperty {
  type?: string;
  enum?: readonly string[];
  items?: { type?: string };
  default?: unknown;
  description?: string;
  markdownDescription?: string;
  properties?: Record<string, unknown>;
}

/** The parts of package.json the page reads. */
export interface PackageJson {
  contributes: {
    configuration: { properties: Record<string, SchemaProperty> };
    commands: readonly { command: string; title: string; category?: string }[];
    menus: Record<string, readonly { command: string }[]>;
  };
}

function typeText(p: SchemaProperty): string {
  if (p.enum) return `one of ${codes(p.enum)}`;
  if (p.type === 'array') return `list of ${p.items?.type ?? 'values'}`;
  if (p.type === 'object' && p.properties) {
    const keys = Object.entries(p.properties);
    // ranklens.severity lists every finding code, each an enum of severities; another object names its keys.
    if (keys.every(([, v]) => (v as SchemaProperty).enum)) return 'finding code → severity';
    return `object of ${codes(keys.map(([k]) => k))}`;
  }
  return p.type ?? '—';
}

// Descriptions are Markdown already; a line break would end the table row.
function describe(p: SchemaProperty): string {
  return (p.markdownDescription ?? p.description ?? '').replace(/\s*\n\s*/g, ' ');
}

/** The page's text, from package.json and the config schema as parsed JSON. */
export function settingsPage(pkg: PackageJson, configSchema: { properties: Record<string, SchemaProperty> }): string {
  const settings = Object.entries(pkg.contributes.configuration.properties).map(([name, p]) => [
    code(name),
    typeText(p),
    code(JSON.stringify(p.default)),
    describe(p),
  ]);
  const menus = (command: string) =>
    Object.entries(pkg.contributes.menus)
      .filter(([, entries]) => entries.some((e) => e.command === command))
      .map(([menu]) => menu);
  const commands = pkg.contributes.commands.map((c) => [
    `${c.category ? `${c.category}: ` : ''}${c.title}`,
    code(c.command),
    menus(c.command).map(code).join(', ') || '—',
  ]);
  const config = Object.entries(configSchema.properties)
    .filter(([name]) => name !== '$schema')
    .map(([name, p]) => [code(name), typeText(p), describe(p)]);
  return page(
    'Settings',
    ['package.json (contributes)', 'schemas/ranklens-config.schema.json'],
    [
      '## VS Code settings',
      'Other LSP clients send the same keys without the `ranklens.` prefix (see [the editor guide](../guide/editor.md#other-editors)). ' +
        'A severity is one of `error`, `warning`, `info`, `hint` or `off`; the codes are those of [Findings](findings.md).',
      table(['setting', 'type', 'default', 'what it does'], settings),
      '## Commands',
      'A command with a `commandPalette` entry shows in the Command Palette only for fixture files (`*.rank.json`, ' +
        "`*.rank.yaml`, `*.rank.yml`), one without shows always; `editor/title` puts a button in the editor's title bar " +
        'of a fixture file.',
      table(['command', 'id', 'menus'], commands),
      '## `ranklens.config.json`',
      "Read by the language server and by `ranklens check` from the fixture's nearest enclosing folder (or the `ranklens` " +
        "key of a `package.json` there). What wins, most specific first: the fixture's own keys, then the command line, " +
        "then this file, then the VS Code settings (severities merge per code, this file's first).",
      table(['key', 'type', 'what it does'], config),
    ],
  );
}
