/**
 * The active fixture's convention and means, as the server last reported them, in two places: a
 * short status bar entry ("Ranklens: trec_eval · nDCG@10 0.524", details and actions in its
 * tooltip) and the language status item behind the {} icon. Until the server has reported a fixture
 * just opened, both say it is being evaluated (a large file's first pass takes a moment).
 * For an active TREC run the same status bar entry names its qrels ("qrels: dev.qrels", or "no
 * qrels"), as the server's ranklens/trecPairing answers, and picks other qrels when clicked.
 */
import * as vscode from 'vscode';
import {
  COMPARE_CONVENTIONS_COMMAND,
  PICK_QRELS_COMMAND,
  SHOW_CASE_BREAKDOWN_COMMAND,
  SHOW_CURVES_COMMAND,
  StatusParams,
  TrecPairingResult,
} from '../shared/protocol';
import { pairingStatus } from '../shared/text';
import { RUN_LANGUAGE } from './trecFiles';

/** Asks the server how a run is paired; undefined when there is no answer (no server, or it failed). */
export type PairingSource = (uri: string) => Promise<TrecPairingResult | undefined>;

export class StatusItem {
  private item: vscode.LanguageStatusItem;
  private bar: vscode.StatusBarItem;
  private byUri = new Map<string, StatusParams>();
  /** Bumped by every refresh, so that a pairing answered late leaves a newer refresh's text alone. */
  private generation = 0;

  /** `id` names the two items (VS Code refuses a second language status item of the same id: a second StatusItem, as a test makes, needs its own). */
  constructor(
    private selector: vscode.DocumentSelector,
    private pairing: PairingSource,
    id = 'ranklens',
  ) {
    this.item = vscode.languages.createLanguageStatusItem(`${id}.status`, selector);
    this.item.name = 'Ranklens';
    this.item.command = { title: 'Compare conventions', command: COMPARE_CONVENTIONS_COMMAND };
    this.bar = vscode.window.createStatusBarItem(`${id}.statusBar`, vscode.StatusBarAlignment.Left, 10);
    this.bar.name = 'Ranklens';
    this.bar.command = COMPARE_CONVENTIONS_COMMAND;
    this.refresh();
  }

  update(params: StatusParams): void {
    const before = this.byUri.get(params.uri);
    this.byUri.set(params.uri, params);
    // Every evaluation reports; most edits leave the means as they were.
    if (before && before.text === params.text && before.detail === params.detail && before.short === params.short) return;
    this.refresh();
  }

  forget(uri: string): void {
    this.byUri.delete(uri);
  }

  refresh(): void {
    const generation = ++this.generation;
    const document = vscode.window.activeTextEditor?.document;
    const uri = document?.uri.toString();
    if (document?.languageId === RUN_LANGUAGE) {
      void this.showPairing(document.uri, generation);
      return;
    }
    this.bar.command = COMPARE_CONVENTIONS_COMMAND;
    const status = uri ? this.byUri.get(uri) : undefined;
    const waiting = !status && !!document && vscode.languages.match(this.selector, document) > 0;
    this.item.busy = waiting;
    if (waiting) {
      this.item.text = 'Ranklens: evaluating…';
      this.item.detail = 'the first pass over this file';
      this.bar.text = '$(sync~spin) Ranklens: evaluating…';
      this.bar.tooltip = 'Ranklens is reading and evaluating this fixture; its values follow.';
      this.bar.show();
      return;
    }
    this.item.text = status?.text ? `Ranklens: ${status.text}` : 'Ranklens';
    this.item.detail = status?.detail.includes('\n') ? status.detail.split('\n').join(' | ') : 'convention and means';
    if (!status?.short) {
      this.bar.hide();
      return;
    }
    this.bar.text = `Ranklens: ${status.short}`;
    const tooltip = new vscode.MarkdownString(
      `**Ranklens** — ${status.detail
        .split('\n')
        .map((l) => `\`${l.replace(/`/g, "'")}\``)
        .join('  \n')}\n\n` +
        `[Compare conventions](command:${COMPARE_CONVENTIONS_COMMAND}) · [Case breakdown](command:${SHOW_CASE_BREAKDOWN_COMMAND}) · [Metric curves](command:${SHOW_CURVES_COMMAND})`,
    );
    tooltip.isTrusted = { enabledCommands: [COMPARE_CONVENTIONS_COMMAND, SHOW_CASE_BREAKDOWN_COMMAND, SHOW_CURVES_COMMAND] };
    this.bar.tooltip = tooltip;
    this.bar.show();
  }

  /** The run's qrels in the status bar entry, once the server has answered (hidden when it cannot). */
  private async showPairing(run: vscode.Uri, generation: number): Promise<void> {
    const answer = await this.pairing(run.toString());
    if (generation !== this.generation) return;
    const shown = answer && pairingStatus(answer, (uri) => vscode.workspace.asRelativePath(vscode.Uri.parse(uri)));
    if (!shown) {
      this.bar.hide();
      return;
    }
    this.bar.text = shown.text;
    this.bar.tooltip = shown.tooltip;
    this.bar.command = { title: 'Pick qrels', command: PICK_QRELS_COMMAND, arguments: [run] };
    this.bar.show();
  }

  dispose(): void {
    this.item.dispose();
    this.bar.dispose();
  }
}
