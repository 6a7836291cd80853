/**
 * Diagnostics: every finding of the parser and the core, with its stable code and the configured
 * severity. A finding the fixture declares in expectFindings is information tagged [expected], as
 * `ranklens check` prints it; JSON syntax findings are left out when the client reports its own.
 */
import { Diagnostic, DiagnosticSeverity } from 'vscode-languageserver';
import { LocatedFinding } from '../../shared/fixture';
import { Severity } from '../../shared/core';
import { Placer } from '../positions';
import { SeverityName } from '../settings';

const LSP_SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export interface DiagnosticOptions {
  severities: Readonly<Record<string, SeverityName>>;
  /** The codes the document declares in expectFindings (null when it declares none). */
  declared: ReadonlySet<string> | null;
  /** Leave out syntax-error and syntax-warning (the client's JSON validation reports them). */
  skipSyntax: boolean;
}

const SYNTAX_CODES = new Set(['syntax-error', 'syntax-warning']);

export function diagnostics(findings: readonly LocatedFinding[], uri: string, place: Placer, options: DiagnosticOptions): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const f of findings) {
    const configured = options.severities[f.code];
    if (configured === 'off' || (options.skipSyntax && SYNTAX_CODES.has(f.code))) continue;
    const expected = options.declared?.has(f.code) ?? false;
    const d: Diagnostic = {
      range: place.range(f.span),
      severity: expected ? DiagnosticSeverity.Information : LSP_SEVERITY[configured ?? f.severity],
      code: f.code,
      source: 'ranklens',
      message: expected ? `${f.message} [expected]` : f.message,
    };
    if (f.related?.length)
      d.relatedInformation = f.related.map((r) => ({ location: { uri, range: place.range(r.span) }, message: r.message }));
    if (f.data) d.data = f.data;
    out.push(d);
  }
  return out;
}
