/** Diagnostics: every finding of the parser and the core, with its stable code and the configured severity. */
// @ts-nocheck

import { Diagnostic, DiagnosticSeverity } from 'vscode-languageserver';
import { LocatedFinding } from '../../shared/fixture/model';
import { Severity } from '../../shared/core/findings';
import { Placer } from '../positions';
import { SeverityName } from '../settings';

const LSP_SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export function diagnostics(findings: readonly LocatedFinding[], uri: string, place: Placer, severities: Readonly<Record<string, SeverityName>>): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const f of findings) {
    const configured = severities[f.code];
    if (configured === 'off') continue;
    const d: Diagnostic = {
      range: place.range(f.span),
      severity: LSP_SEVERITY[configured ?? f.severity],
      code: f.code,
      source: 'ranklens',
      message: f.message,
    };
    if (f.related?.length) d.relatedInformation = f.related.map((r) => ({ location: { uri, range: place.range(r.span) }, message: r.message }));
    if (f.data) d.data = f.data;
    out.push(d);
  }
  return out;
}
