// What the project's command-line scripts share: reading `--name value` options and flags, and ending a script.

/** The arguments after the script's name: `flag('no-build')` for `--no-build`, `opt('dist', 'dist')` for `--dist X`. */
export function cliArgs(args = process.argv.slice(2)) {
  return {
    args,
    flag: (name) => args.includes(`--${name}`),
    opt: (name, fallback) => {
      const i = args.indexOf(`--${name}`);
      return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
    },
  };
}

/** Runs an async main and exits: 0 unless it resolves to false or throws (the error printed), which exit 1. */
export function runMain(main) {
  main().then(
    (result) => process.exit(result === false ? 1 : 0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
