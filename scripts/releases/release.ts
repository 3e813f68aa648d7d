// npm run release -w <remote>: builds the remote and publishes it, immutable, as RELEASES_DIR/<remote>/<version>/.
// `-- --dist <folder>` publishes a folder built before (a CI artifact) instead of building.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { packageVersion, releasesOptions, remoteName, runCommand } from './context';
import { publish, ReleaseError, readManifest } from './releases';

function main(args: string[]): void {
  const folder = process.cwd();
  const name = remoteName(folder);
  const distFlag = args.indexOf('--dist');
  const prebuilt = distFlag >= 0 ? args[distFlag + 1] : undefined;
  if (distFlag >= 0 && !prebuilt) throw new ReleaseError('--dist precisa da pasta do build.');
  const options = releasesOptions();
  let from = path.join(folder, 'dist');
  let version = packageVersion(folder);
  if (prebuilt) {
    from = path.resolve(process.env.INIT_CWD || folder, prebuilt);
    version = readManifest(path.join(from, 'mf-manifest.json')).metaData?.buildInfo?.buildVersion ?? version;
  }
  // Refused before building: a published version never changes.
  if (existsSync(path.join(options.dir, name, version))) return void publish({ ...options, from, name, version });
  if (!prebuilt) {
    console.log(`Construindo ${name} ${version}…`);
    const build = spawnSync('npm', ['run', 'build'], { cwd: folder, stdio: 'inherit' });
    if (build.status !== 0) throw new ReleaseError(`O build de ${name} falhou; nada foi publicado.`);
  }
  const target = publish({ ...options, from, name, version });
  console.log(`${name} ${version} publicada em ${target}.`);
  console.log(`Para ativá-la: npm run remotes -- use ${name} ${version}`);
}

runCommand(main);
