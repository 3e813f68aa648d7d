import type { Accelerator } from '@especifica/mf-shared/contracts';
import { useController, useFormContext, useFormState } from '@especifica/mf-shared/forms';
import { SearchPicker } from '@especifica/mf-shared/kit';
import { useTranslation } from '@especifica/mf-shared/ui';
import { useEffect, useState } from 'react';
import { type AcceleratorValues, searchTargets, type TargetOption, type TargetType } from '../api/accelerators';

/**
 * The product, brand, category or store an accelerator applies to, searched among those of the chosen kind with the
 * kit's picker (the invoice form's products and the CMS's stores are picked the same way). A new kind empties it.
 */
export function TargetField({ current }: { current: Accelerator | null }) {
  const { t } = useTranslation();
  const { control, watch, setValue } = useFormContext<AcceleratorValues>();
  const type = watch('targetType') as TargetType | '';
  const { field } = useController<AcceleratorValues>({ name: 'targetValue', control });
  const { errors } = useFormState<AcceleratorValues>({ name: 'targetValue', control });
  // A new kind of target makes the chosen one meaningless.
  const [shownType, setShownType] = useState(type);
  useEffect(() => {
    if (type === shownType) return;
    setShownType(type);
    setValue('targetValue', '');
  }, [type, shownType, setValue]);
  if (type === '') return null;
  const chosen: TargetOption | null =
    current && current.targetType === type ? { id: current.targetValue, label: current.targetLabel } : null;
  return (
    <SearchPicker<TargetOption>
      // Each kind is another search: a picker of its own, with nothing typed.
      key={type}
      label={t(`cmsAccelerators.targets.${type}`)}
      name={field.name}
      value={String(field.value ?? '')}
      onChange={(id) => field.onChange(id)}
      onBlur={field.onBlur}
      current={chosen}
      search={(text) => searchTargets(type, text)}
      cacheKey={['resource', 'cms-accelerators', 'targets', type]}
      chosenLabel={(item) => item.label}
      optionTitle={(item) => item.label}
      optionDetail={(item) => item.detail ?? t('cmsAccelerators.targetProducts', { count: item.products ?? 0 })}
      // A store is searched as the CMS's other store pickers search it, with their texts.
      texts={type === 'store' ? 'storePicker' : `cmsAccelerators.picker.${type}`}
      error={typeof errors.targetValue?.message === 'string' ? errors.targetValue.message : undefined}
      testId="accelerator-target-popup"
    />
  );
}
