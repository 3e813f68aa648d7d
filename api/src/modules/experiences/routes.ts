import { randomUUID } from 'node:crypto';
import {
  changeStatusBodySchema,
  cmsExperienceSchema,
  cmsExperiencesPageSchema,
  experienceInputSchema,
  experienceMessages,
  experiencesQuerySchema,
  idParamsSchema,
  messageSchema,
  updateExperienceBodySchema,
  withMessage,
} from '@especifica/mf-shared/contracts';
import { and, eq, gt, type SQL } from 'drizzle-orm';
import { z } from 'zod/mini';
import { experienceCategories, experiences } from '../../db/schema';
import type { App } from '../../http/zod';
import { parseBody } from '../../kernel/body';
import type { ProgrammeDeps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import { pictureTypes, sendPicture } from '../../kernel/pictures';
import { principalOf } from '../../kernel/principal';
import { searchAny } from '../../kernel/search';
import { type BufferedUpload, bufferedForm, formIfMultipart, storageKeyFor, withUploads } from '../../kernel/uploads';
import {
  checkExperienceReferences,
  cmsExperienceOut,
  experienceImageKey,
  experiencesPage,
  findExperience,
} from './queries';
import { changeExperienceStatus, createExperience, updateExperience } from './service';

const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Texts a form may empty on purpose: an edit that clears the description sends it as "". */
const CLEARABLE = new Set(['description', 'place']);

/** Multipart text fields to a shared contract: numbers and flags arrive as text. */
function formInput<T>(fields: Record<string, string>, schema: z.ZodMiniType<T>): T {
  const typed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === '' && !CLEARABLE.has(key)) continue;
    if (['seats', 'points', 'attendancePoints'].includes(key)) typed[key] = Number(value.replace(',', '.'));
    else if (key === 'active') typed[key] = value === 'true';
    else if (key === 'minLevelId' && value === 'null') typed[key] = null;
    else typed[key] = value;
  }
  return parseBody(schema, typed);
}

/** The form's image, known from its bytes (its name and type are the client's word), under a name made here. */
function imageOf(form: BufferedUpload) {
  if (!form.file) return null;
  const { kind } = form.file;
  if (!kind || !pictureTypes[kind]) {
    // Said at the form's image field.
    throw fail.invalid(experienceMessages.image, 'image-type', [{ field: 'image', message: experienceMessages.image }]);
  }
  return { key: storageKeyFor('experiences', kind), data: form.file.data };
}

export async function experienceRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const admin = { guard: ['admin'] as ['admin'] };
  const one = async (id: string) => cmsExperienceOut(await findExperience(db, id));

  await withUploads(app, (uploads) => {
    uploads.post(
      '/cms/experiences/create',
      { config: admin, schema: { response: { 200: withMessage(cmsExperienceSchema) } } },
      async (request) => {
        const form = await bufferedForm(request, IMAGE_MAX_BYTES);
        const input = formInput(form.fields, experienceInputSchema);
        await checkExperienceReferences(db, input.categoryId, input.minLevelId);
        const image = imageOf(form);
        const id = randomUUID();
        const imageKey = image?.key ?? null;
        if (image) await deps.storage.put(image.key, image.data);
        await createExperience(db, principalOf(request), id, input, imageKey).catch(async (error) => {
          if (imageKey) await deps.storage.delete(imageKey).catch(() => undefined);
          throw error;
        });
        return { msg: experienceMessages.created, item: await one(id) };
      },
    );

    // The fields as JSON, or as a multipart form that may bring a new image in place of the old one.
    uploads.post(
      '/cms/experiences/:id/update',
      {
        config: admin,
        schema: {
          params: idParamsSchema,
          // A multipart form reaches the handler unread, as no body (Fastify validates it as null).
          body: z.optional(z.nullable(updateExperienceBodySchema)),
          response: { 200: withMessage(cmsExperienceSchema) },
        },
      },
      async (request) => {
        const { id } = request.params;
        const form = await formIfMultipart(request, IMAGE_MAX_BYTES);
        const body = form ? formInput(form.fields, updateExperienceBodySchema) : (request.body ?? {});
        await checkExperienceReferences(db, body.categoryId, body.minLevelId);
        const image = form ? imageOf(form) : null;
        if (image) await deps.storage.put(image.key, image.data);
        const replaced = await updateExperience(db, principalOf(request), id, body, image?.key ?? null).catch(
          async (error) => {
            if (image) await deps.storage.delete(image.key).catch(() => undefined);
            throw error;
          },
        );
        // The old image goes only once the new one is saved and pointed at; a leftover file harms nobody.
        if (replaced) await deps.storage.delete(replaced).catch(() => undefined);
        return { msg: experienceMessages.updated, item: await one(id) };
      },
    );
  });

  app.post(
    '/cms/experiences/change-status',
    { config: admin, schema: { body: changeStatusBodySchema, response: { 200: messageSchema } } },
    async (request) => {
      const { id, active } = request.body;
      await changeExperienceStatus(db, principalOf(request), id, active, deps.now());
      return { msg: active ? 'Experiência ativada com sucesso!' : 'Experiência desativada com sucesso!' };
    },
  );

  app.get(
    '/cms/experiences/get-all',
    { config: admin, schema: { querystring: experiencesQuerySchema, response: { 200: cmsExperiencesPageSchema } } },
    (request) => {
      const query = request.query;
      const conditions: (SQL | undefined)[] = [searchAny(query.search, [experiences.name, experiences.place])];
      if (query.active !== undefined) conditions.push(eq(experiences.active, query.active));
      if (query.categoryId) conditions.push(eq(experiences.categoryId, query.categoryId));
      if (query.type) conditions.push(eq(experienceCategories.type, query.type));
      if (query.upcoming) conditions.push(gt(experiences.happensAt, deps.now()));
      return experiencesPage(db, and(...conditions), query, cmsExperienceOut);
    },
  );

  // Images go into <img> tags, which send no token: they are public, like the event they show.
  app.get(
    '/experiences/:id/image',
    { config: { guard: 'public' }, schema: { params: idParamsSchema } },
    async (request, reply) => sendPicture(deps.storage, reply, await experienceImageKey(db, request.params.id)),
  );
}
