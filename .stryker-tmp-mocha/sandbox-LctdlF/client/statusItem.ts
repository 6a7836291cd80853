/** The language status item: the active fixture's convention and means, as the server last reported them. */
// @ts-nocheck

import * as vscode from 'vscode';
import { COMPARE_CONVENTIONS_COMMAND, StatusParams } from '../shared/protocol';

export class StatusItem {
  private item: vscode.LanguageStatusItem;
  private byUri = new Map<string, StatusParams>();

  constructor(selector: vscode.DocumentSelector) {
    this.item = vscode.languages.createLanguageStatusItem('ranklens.status', selector);
    this.item.name = 'Ranklens';
    this.item.command = { title: 'Compare conventions', command: COMPARE_CONVENTIONS_COMMAND };
    this.refresh();
  }

  update(params: StatusParams): void {
    this.byUri.set(params.uri, params);
    this.refresh();
  }

  forget(uri: string): void {
    this.byUri.delete(uri);
  }

  refresh(): void {
    const uri = vscode.window.activeTextEditor?.document.uri.toString();
    const status = uri ? this.byUri.get(uri) : undefined;
    this.item.text = status?.text ? `Ranklens: ${status.text}` : 'Ranklens';
    this.item.detail = status?.detail.includes('\n') ? status.detail.split('\n').join(' | ') : 'convention and means';
  }

  dispose(): void {
    this.item.dispose();
  }
}
