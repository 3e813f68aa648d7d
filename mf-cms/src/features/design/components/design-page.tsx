import { EMBLEM_MATERIALS, LevelEmblem } from '@especifica/mf-shared/controls';
import { badgeConcepts, EmptyResult, PageLayout, pageWidths, StateBadge } from '@especifica/mf-shared/kit';
import {
  Badge,
  Button,
  Heading,
  PALETTES,
  partProps,
  tokens,
  usePartsClass,
  useTranslation,
} from '@especifica/mf-shared/ui';
import type { ReactNode } from 'react';
import { registerDesignTexts } from '../texts/design';
import { designParts } from './design.parts';

registerDesignTexts();

const part = partProps(designParts);

type Family = keyof typeof tokens.palette;

const named: { key: 'spec' | 'materials' | 'feedback'; families: Family[] }[] = [
  { key: 'spec', families: ['primary', 'secondary', 'tertiary', 'quaternary'] },
  { key: 'materials', families: [...tokens.materials] },
  { key: 'feedback', families: ['informative', 'success', 'warning', 'error'] },
];
const grouped = new Set(named.flatMap((group) => group.families));

/** The families by what they are for (docs/design.md): the programme's, the materials, feedback, then the neutrals. */
const groups = [
  ...named,
  { key: 'neutrals', families: (Object.keys(tokens.palette) as Family[]).filter((family) => !grouped.has(family)) },
];

const STEPS = ['900', '800', '700', '600', '500', '400', '300', '200', '100', '50', '25'] as const;

/** One example state of a concept per palette a badge can take, so every badge colour is on the page once. */
const badgeSamples = (() => {
  const seen = new Set<string>();
  const samples: { concept: keyof typeof badgeConcepts; state: string }[] = [];
  for (const [concept, states] of Object.entries(badgeConcepts))
    for (const [state, palette] of Object.entries(states))
      if (!seen.has(palette)) {
        seen.add(palette);
        samples.push({ concept: concept as keyof typeof badgeConcepts, state });
      }
  return samples;
})();

const SPACES = ['1', '2', '3', '4', '6', '8', '10', '12'] as const;

/** /cms/design: the design system as the app draws it (docs/design.md says when to use each part). */
export function DesignPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('design.title')} description={t('design.description')} width="wide">
      <div className={usePartsClass(designParts)}>
        <Section id="design-palette" title={t('design.palette.title')} hint={t('design.palette.hint')}>
          {groups.map((group) => (
            <div key={group.key} {...part('section')}>
              <h3 {...part('group')}>{t(`design.palette.groups.${group.key}`)}</h3>
              {group.families.map((family) => (
                <div key={family} {...part('family')} data-testid="design-family" data-family={family}>
                  <p {...part('family-name')}>{family}</p>
                  <ol {...part('swatches')} aria-label={family}>
                    {STEPS.map((step) => (
                      <li key={step} {...part('swatch')} data-testid="design-swatch">
                        <span {...part('chip')} style={{ background: `var(--chakra-colors-${family}-${step})` }} />
                        <span {...part('step')}>{step}</span>
                        <span>{tokens.palette[family][step]}</span>
                      </li>
                    ))}
                  </ol>
                </div>
              ))}
            </div>
          ))}
        </Section>

        <Section id="design-type" title={t('design.type.title')} hint={t('design.type.hint')}>
          <div {...part('sizes')}>
            {Object.entries(tokens.fontSizes)
              .reverse()
              .map(([name, size]) => (
                <p key={name} {...part('size')} style={{ fontSize: size }}>
                  <span {...part('size-name')}>
                    {name} · {size}
                  </span>
                  <span>{t('design.type.sample')}</span>
                </p>
              ))}
          </div>
          <h3 {...part('group')}>{t('design.type.weights')}</h3>
          <div {...part('row')}>
            {Object.entries(tokens.fontWeights).map(([name, weight]) => (
              <span key={name} style={{ fontWeight: Number(weight) }}>
                {name} {weight}
              </span>
            ))}
          </div>
        </Section>

        <Section id="design-emblems" title={t('design.emblems.title')} hint={t('design.emblems.hint')}>
          <ol {...part('emblems')}>
            {EMBLEM_MATERIALS.map((material, rank) => (
              <li key={material} {...part('emblem')} data-testid="design-emblem">
                <div {...part('emblem-sizes')}>
                  <LevelEmblem rank={rank} size={96} label={t(`design.emblems.names.${material}`)} />
                  <LevelEmblem rank={rank} size={64} />
                  <LevelEmblem rank={rank} size={20} />
                </div>
                <strong>{t(`design.emblems.names.${material}`)}</strong>
                <span {...part('hint')}>{t('design.emblems.rank', { rank: rank + 1 })}</span>
              </li>
            ))}
          </ol>
        </Section>

        <Section id="design-badges" title={t('design.badges.title')} hint={t('design.badges.hint')}>
          <div {...part('row')}>
            {badgeSamples.map(({ concept, state }) => (
              <StateBadge key={`${concept}.${state}`} concept={concept} state={state as never} />
            ))}
          </div>
          <div {...part('row')}>
            {PALETTES.map((palette) => (
              <Badge key={palette} colorPalette={palette} variant="subtle">
                {palette}
              </Badge>
            ))}
          </div>
        </Section>

        <Section id="design-buttons" title={t('design.buttons.title')}>
          <div {...part('row')}>
            <Button colorPalette="primary">{t('design.buttons.primary')}</Button>
            <Button colorPalette="primary" variant="outline">
              {t('design.buttons.outline')}
            </Button>
            <Button colorPalette="primary" variant="plain">
              {t('design.buttons.plain')}
            </Button>
            <Button colorPalette="error" variant="outline">
              {t('design.buttons.danger')}
            </Button>
          </div>
        </Section>

        <Section id="design-grid" title={t('design.grid.title')} hint={t('design.grid.hint')}>
          <div {...part('widths')}>
            {(Object.keys(pageWidths) as (keyof typeof pageWidths)[]).map((name) => (
              <div key={name}>
                <p {...part('hint')}>
                  {t('design.grid.width', { name: t(`design.grid.names.${name}`), value: pageWidths[name] })}
                </p>
                <div {...part('width')} style={{ width: pageWidths[name] }} />
              </div>
            ))}
          </div>
          <div {...part('spaces')}>
            {SPACES.map((space) => (
              <span key={space} {...part('space')}>
                <span {...part('space-bar')} style={{ height: `var(--chakra-spacing-${space})` }} />
                {space}
              </span>
            ))}
          </div>
        </Section>

        <Section id="design-empty" title={t('design.empty.title')}>
          <EmptyResult
            title={t('design.empty.sampleTitle')}
            description={t('design.empty.sampleDescription')}
            drawing="invoice"
            next={{ label: t('design.empty.sampleNext'), to: '/cms/design' }}
          />
        </Section>
      </div>
    </PageLayout>
  );
}

function Section({ id, title, hint, children }: { id: string; title: string; hint?: string; children: ReactNode }) {
  return (
    <section {...part('section')} aria-labelledby={id}>
      <Heading as="h2" id={id} fontSize="xl">
        {title}
      </Heading>
      {hint && <p {...part('hint')}>{hint}</p>}
      {children}
    </section>
  );
}
