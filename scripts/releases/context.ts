// Where the commands find things: the repository, the releases folder, the shell's manifest, and what runs before
// the releases folder has a remotes.json of its own (each remote's built version, as `npm start` lays them out).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type Manifest,
  manifestUrl,
  ReleaseError,
  type ReleasesOptions,
  type RemoteTable,
  readManifest,
} from './releases';

export const root = path.resolve(__dirname, '../..');
export const REMOTE_FOLDERS = ['mf-auth', 'mf-participant', 'mf-cms'];

/** A relative RELEASES_DIR is taken from where npm was run (INIT_CWD), not from the workspace folder. */
export function releasesOptions(env = process.env): ReleasesOptions {
  const from = env.INIT_CWD || process.cwd();
  return {
    dir: env.RELEASES_DIR ? path.resolve(from, env.RELEASES_DIR) : path.join(root, 'releases'),
    baseUrl: env.RELEASES_URL || '/remotes',
  };
}

export const remoteName = (folder: string) => path.basename(folder).replace(/-/g, '_');

export function packageVersion(folder: string): string {
  return (JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { version: string }).version;
}

export function builtTable(options: ReleasesOptions): RemoteTable {
  return Object.fromEntries(
    REMOTE_FOLDERS.map((folder) => {
      const name = remoteName(folder);
      return [name, manifestUrl(options, name, packageVersion(path.join(root, folder)))];
    }),
  );
}

/** The deployed shell's manifest: SHELL_MANIFEST, or the shell's build. */
export function shellManifest(env = process.env): Manifest {
  const file = env.SHELL_MANIFEST
    ? path.resolve(env.INIT_CWD || process.cwd(), env.SHELL_MANIFEST)
    : path.join(root, 'shell', 'dist', 'mf-manifest.json');
  if (!existsSync(file))
    throw new ReleaseError(
      `O manifesto do shell (${file}) não existe: construa o shell (npm run build -w shell) ou aponte SHELL_MANIFEST para o do shell publicado.`,
    );
  return readManifest(file);
}

/** Runs a command's main; a refusal prints its sentence and exits with 1, anything else is a bug and throws. */
export function runCommand(main: (args: string[]) => void): void {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof ReleaseError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
