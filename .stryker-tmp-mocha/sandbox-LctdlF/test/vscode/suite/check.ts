/** A check of the suite: a name that says what is expected, and an async function that throws when it is not. */
// @ts-nocheck

export interface Check {
  name: string;
  run(): Promise<void>;
}
