import { type RegulationDraft, regulationMessages } from '@especifica/mf-shared/contracts';
import type { Db } from '../../db/client';
import { termsVersions } from '../../db/schema';
import { audit } from '../../kernel/audit';
import { fail, isUniqueViolation } from '../../kernel/errors';
import type { Principal } from '../../kernel/principal';
import { currentRegulation, type RegulationVersion } from './queries';

/** Publishes the next version of the regulation; a draft that changes nothing is refused. */
export function publishRegulation(db: Db, actor: Principal, draft: RegulationDraft): Promise<RegulationVersion> {
  return db
    .transaction(async (tx) => {
      const before = await currentRegulation(tx);
      if (before && before.content.trim() === draft.content && before.title === draft.title) {
        throw fail.invalid(regulationMessages.unchanged, 'regulation-unchanged');
      }
      const [row] = await tx
        .insert(termsVersions)
        .values({ version: (before?.version ?? 0) + 1, title: draft.title, content: draft.content })
        .returning();
      if (!row) throw new Error('The regulation version was not written.');
      await audit(tx, actor, {
        action: 'publish',
        entity: 'regulation',
        entityId: String(row.version),
        before: before ? { version: before.version, title: before.title } : null,
        after: { version: row.version, title: row.title },
      });
      return row;
    })
    .catch((error) => {
      // Two admins publishing at once: the second finds its version number taken.
      if (isUniqueViolation(error)) {
        throw fail.conflict(
          'Outra versão acabou de ser publicada: revise e tente de novo.',
          'regulation-version-taken',
        );
      }
      throw error;
    });
}
