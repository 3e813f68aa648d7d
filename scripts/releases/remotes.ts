// npm run remotes -- list | use <remote> <version> | rollback <remote>
// Edits the releases folder's remotes.json; a running server answers the change on the next request.
import { builtTable, releasesOptions, runCommand, shellManifest } from './context';
import { list, manifestUrl, ReleaseError, rollback, use } from './releases';

const USAGE = 'Uso: npm run remotes -- list | use <remoto> <versão> | rollback <remoto>';

function main([command, name, version]: string[]): void {
  const options = releasesOptions();
  const initial = builtTable(options);
  if (command === 'list') {
    const rows = list(options, initial);
    for (const row of rows) {
      console.log(`${row.name}`);
      console.log(`  em uso:     ${row.current ?? '(nenhuma)'}`);
      console.log(`  publicadas: ${row.versions.length ? row.versions.join(', ') : '(nenhuma)'}`);
    }
    console.log(`Pasta de releases: ${options.dir}`);
    return;
  }
  if (command === 'use' && name && version) {
    const before = use({ ...options, name, version, shell: shellManifest(), initial });
    if (before === manifestUrl(options, name, version)) console.log(`${name} já usa ${version}.`);
    else console.log(`${name} agora usa ${version}${before ? ` (antes: ${before})` : ''}.`);
    return;
  }
  if (command === 'rollback' && name) {
    console.log(`${name} voltou para ${rollback({ ...options, name, initial })}.`);
    return;
  }
  throw new ReleaseError(USAGE);
}

runCommand(main);
