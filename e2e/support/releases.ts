// What the release journey and the release benchmark share: the release commands run as ops run them, against the
// server's releases folder, and a release of mf-participant that differs visibly from the built one.
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildAgainst } from './variants';

const root = path.resolve(__dirname, '../..');

/** Runs `npm run remotes -- <args>` (or, in a remote's folder, `npm run release`) on a releases folder. */
export function releaseCommand(
  command: 'remotes' | 'release',
  args: string[],
  releasesDir: string,
  cwd = root,
): SpawnSyncReturns<string> {
  return spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'scripts', 'releases', `${command}.ts`), ...args],
    { cwd, encoding: 'utf8', env: { ...process.env, RELEASES_DIR: releasesDir, INIT_CWD: cwd } },
  );
}

/** mf-participant at `version`, showing `Versão <version>` above its screens. Answers its build folder. */
export function participantRelease(version: string): string {
  return buildAgainst(
    'mf-participant',
    path.join(root, 'mf-shared'),
    (src) => {
      const pkg = path.join(src, '..', 'package.json');
      writeFileSync(pkg, JSON.stringify({ ...JSON.parse(readFileSync(pkg, 'utf8')), version }, null, 2));
      const file = path.join(src, 'app', 'mounted.tsx');
      const original = readFileSync(file, 'utf8');
      const anchor = "remoteLifecycles('mf_participant', Root)";
      if (!original.includes(anchor)) throw new Error('the mounted module no longer mounts Root as this patch expects');
      writeFileSync(
        file,
        `${original.replace(anchor, "remoteLifecycles('mf_participant', Marked)")}
function Marked() {
  return (
    <>
      <p data-testid="release-mark">Versão ${version}</p>
      <Root />
    </>
  );
}
`,
      );
    },
    `mf-participant-${version}`,
  );
}
