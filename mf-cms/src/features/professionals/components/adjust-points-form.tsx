import { formatPoints } from '@especifica/mf-shared';
import type { AdminProfessional } from '@especifica/mf-shared/contracts';
import { DrawerActions } from '@especifica/mf-shared/controls';
import {
  Form,
  PointsField,
  SubmitButton,
  TextField,
  useConfirm,
  useForm,
  useWatch,
  zodResolver,
} from '@especifica/mf-shared/forms';
import { resourceKey, useApiMutation } from '@especifica/mf-shared/kit';
import { chakra, HStack, Stack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { useRef, useState } from 'react';
import {
  type AdjustFormValues,
  adjustFormSchema,
  adjustPoints,
  cmsProfessionals,
  extractOf,
} from '../api/professionals';

/** A random UUID (v4), from the browser's crypto. */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Gives or takes points by hand, with the reason that the person's extract shows. Taking asks first, saying what the
 * balance becomes; the server refuses to take more than the balance.
 */
export function AdjustPointsForm({ professional, done }: { professional: AdminProfessional; done: () => void }) {
  const { t } = useTranslation();
  const { confirm, dialog } = useConfirm();
  const adjust = useApiMutation(adjustPoints, {
    invalidates: [resourceKey(cmsProfessionals), resourceKey(extractOf(professional.id))],
    success: (answer) => answer.msg,
    silent: true,
  });
  const form = useForm<AdjustFormValues>({
    resolver: zodResolver(adjustFormSchema),
    defaultValues: { direction: 'give', points: null as unknown as number, reason: '' },
  });
  // Made when the drawer opens: a double click, or sending again after a timeout, is the same adjustment, which the
  // server makes once. Reopening the drawer starts a new one.
  const [idempotencyKey] = useState(newKey);
  const sending = useRef(false);
  const [direction, points] = useWatch({ control: form.control, name: ['direction', 'points'] });
  const signed = typeof points === 'number' && Number.isFinite(points) ? (direction === 'take' ? -points : points) : 0;
  const after = Math.round((professional.totalPoints + signed) * 100) / 100;

  const submit = async (values: AdjustFormValues) => {
    // A second click while the first is on its way sends nothing more.
    if (sending.current) return null;
    sending.current = true;
    try {
      return await send(values);
    } finally {
      sending.current = false;
    }
  };
  const send = async (values: AdjustFormValues) => {
    const amount = values.direction === 'take' ? -values.points : values.points;
    if (amount < 0) {
      const yes = await confirm({
        title: t('professionals.adjust.takeTitle', {
          points: formatPoints(values.points),
          count: values.points,
          name: professional.name,
        }),
        description: t('professionals.adjust.takeDescription', {
          before: formatPoints(professional.totalPoints),
          after: formatPoints(professional.totalPoints + amount),
        }),
        confirmLabel: t('professionals.adjust.take'),
        destructive: true,
      });
      if (!yes) return null;
    }
    const [, error] = await adjust.run({
      professionalId: professional.id,
      points: amount,
      reason: values.reason,
      idempotencyKey,
    });
    if (!error) done();
    return error;
  };

  return (
    <Form form={form} onSubmit={submit}>
      <Stack gap="4">
        <Text color="muted">
          {t('professionals.adjust.balanceNow', {
            points: formatPoints(professional.totalPoints),
            count: professional.totalPoints,
          })}
        </Text>
        <chakra.fieldset border="0" p="0" m="0">
          <chakra.legend fontWeight="medium" mb="2">
            {t('professionals.adjust.direction')}
          </chakra.legend>
          <HStack gap="5" wrap="wrap">
            {(['give', 'take'] as const).map((value) => (
              <chakra.label key={value} display="inline-flex" alignItems="center" gap="2" cursor="pointer">
                <chakra.input type="radio" value={value} {...form.register('direction')} accentColor="brand" />
                {t(`professionals.adjust.${value}`)}
              </chakra.label>
            ))}
          </HStack>
        </chakra.fieldset>
        <PointsField<AdjustFormValues> name="points" label={t('professionals.adjust.points')} />
        <TextField<AdjustFormValues> name="reason" label={t('professionals.adjust.reason')} />
        <Text aria-live="polite" fontWeight="medium" color={after < 0 ? 'error.fg' : undefined}>
          {t('professionals.adjust.balanceAfter', { points: formatPoints(after), count: after })}
        </Text>
        <DrawerActions>
          <SubmitButton w="full">{t('professionals.adjust.submit')}</SubmitButton>
        </DrawerActions>
      </Stack>
      {dialog}
    </Form>
  );
}
