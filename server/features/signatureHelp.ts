/** Signature help inside a metric's parentheses (`RBP(p=|`): its parameters and what each sets, from the shared text. */
import { MarkupKind, SignatureHelp } from 'vscode-languageserver';
import { metricSignature } from '../../shared/text';
import { Known } from '../service';
import { contextAt } from './completion';

/** The parameters of the metric whose parentheses hold the cursor, or null. */
export function signatureHelp(known: Known, offset: number): SignatureHelp | null {
  const context = contextAt(known, offset);
  if (!context?.targets.some((t) => t.kind === 'metric' || t.kind === 'expect-key')) return null;
  const signature = metricSignature(context.prefix);
  if (!signature) return null;
  return {
    signatures: [
      {
        label: signature.label,
        documentation: { kind: MarkupKind.Markdown, value: signature.documentation },
        parameters: signature.parameters.map((p) => ({ label: p.label, documentation: p.documentation })),
      },
    ],
    activeSignature: 0,
    activeParameter: signature.active,
  };
}
