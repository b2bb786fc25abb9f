/** The part of addons-linter's library API (its README, "Linter API Usage") that package-checks.ts uses. */
declare module 'addons-linter' {
  interface LinterMessage {
    code: string;
    message: string;
    file?: string;
  }
  interface Linter {
    run(): Promise<{ errors: LinterMessage[]; warnings: LinterMessage[] }>;
  }
  const addonsLinter: { createInstance(options: { config: object; runAsBinary: boolean }): Linter };
  export default addonsLinter;
}
