// The form kit: fields bound to react-hook-form, the masked input (only forms need it), the form that sends and keeps
// what was typed, the server's field errors in one place, the confirmation dialog, and the professional's form that
// the sign-up and the profile share.

// The confirmation dialog lives with the controls, beside the drawer, as both load their code when first opened.
export {
  ConfirmDialog,
  type ConfirmDialogProps,
  type ConfirmOptions,
  useConfirm,
} from '@especifica/mf-shared/controls';
// A remote that gives the kit's fields their form without `Form` takes the context from here: when this entry is
// shared, the remote's own copy of react-hook-form would hold a different context.
export { FormProvider, useFormContext } from 'react-hook-form';
export { formatAmount, parseAmount } from './amount';
export {
  DateField,
  EmailField,
  type FieldProps,
  MaskedField,
  type MaskName,
  MoneyField,
  PasswordField,
  PointsField,
  SelectField,
  type SelectFieldProps,
  TextareaField,
  TextField,
} from './fields';
export { FileDrop, FileDropField, type FileDropProps, sizeLabel, typesLabel } from './file-drop';
export { Form, type FormProps, SubmitButton } from './form';
export { MaskedInput, masks } from './masked-input';
export {
  emptyProfessionalValues,
  hasRegistrationNumber,
  type ProfessionalValues,
  professionalBody,
  professionalParts,
  professionalServerFields,
  professionalShape,
  professionalValuesOf,
} from './professional';
export {
  ProfessionalAddressFields,
  ProfessionalPersonalFields,
  ProfessionalProfessionFields,
  ProfessionalSocialFields,
} from './professional-fields';
export { applyServerError, type ServerErrorOptions, type ServerFields } from './server-errors';
