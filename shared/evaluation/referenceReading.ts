/**
 * How a front end reads a file a fixture names: under the fixture's convention, as `ranklens trec`
 * reads under it (trec_eval's preset reads numbers as C does; the duplicates knob says whether a docid
 * twice stops the file), in the format and with the column names the reference gives.
 */
import { Convention } from '../core/conventions';
import { FileReferenceNode, FixtureNode } from '../fixture/model/model';
import { FixtureOptions, fixtureSettings } from './fixtureSettings';

/** What reading a referenced file depends on (part of the key a front end keeps what it read under). */
export interface ReferenceReading {
  asTrecEval: boolean;
  convention: Convention;
  format?: string;
  columns?: Readonly<Record<string, string>>;
}

/** How `ref` of `fixture` is read under the front end's options. */
export function referenceReading(ref: FileReferenceNode, fixture: FixtureNode, options: FixtureOptions): ReferenceReading {
  const { convention } = fixtureSettings(fixture, options);
  return {
    asTrecEval: convention.preset === 'trec_eval',
    convention: convention.convention,
    ...(ref.format ? { format: ref.format } : {}),
    ...(ref.columns ? { columns: ref.columns } : {}),
  };
}
