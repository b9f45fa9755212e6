/**
 * Runs an ops command's `main` with its arguments and exits with the status it answers; a failure
 * is one line on stderr (its message, no stack) and status 1.
 */
export function runCommand(main: (args: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
