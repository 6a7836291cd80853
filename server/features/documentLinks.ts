/** Document links: each qrels or run file a fixture names opens from its path (the string without its quotes). */
import { DocumentLink } from 'vscode-languageserver';
import { FixtureDocument, fileReferencesOf } from '../../shared/fixture';
import { Placer } from '../positions';

/** A link per file reference whose path becomes a URI (`target`: undefined where files cannot be reached). */
export function documentLinks(
  doc: FixtureDocument,
  text: string,
  place: Placer,
  target: (path: string) => string | undefined,
): DocumentLink[] {
  const links: DocumentLink[] = [];
  for (const { ref } of fileReferencesOf(doc)) {
    if (ref.invalid) continue;
    const uri = target(ref.path.value);
    if (!uri) continue;
    let { start, end } = ref.path.span;
    const quote = text[start];
    if ((quote === '"' || quote === "'") && text[end - 1] === quote && end - start >= 2) {
      start++;
      end--;
    }
    links.push({ range: place.range({ start, end }), target: uri, tooltip: `Open the ${ref.role} file` });
  }
  return links;
}
