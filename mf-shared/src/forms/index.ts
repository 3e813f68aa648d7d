// The form kit: fields bound to react-hook-form, forms declared as data (defineForm, drawn by DeclaredForm), the
// masked input (only forms need it), the form that sends and keeps what was typed, the server's field errors in one
// place, the confirmation dialog, the professional's form that the sign-up and the profile share, and the profile
// screen of every area.

// The confirmation dialog lives with the controls, beside the drawer, as both load their code when first opened.
export {
  ConfirmDialog,
  type ConfirmDialogProps,
  type ConfirmOptions,
  useConfirm,
} from '@especifica/mf-shared/controls';
// The zod resolver imports react-hook-form too: a remote's own copy of it would bring the library back.
export { zodResolver } from '@hookform/resolvers/zod';
// A remote takes react-hook-form from here, never from the package: this entry is shared, so a remote's own copy
// would be a second download of the library on every form (14 KB as served) and hold a different context.
export {
  type Control,
  Controller,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  FormProvider,
  type Path,
  type Resolver,
  type ResolverResult,
  useController,
  useFieldArray,
  useForm,
  useFormContext,
  useFormState,
  useWatch,
} from 'react-hook-form';
export { formatAmount, parseAmount } from './amount';
export { type CepAddress, CepLookup, type CepLookupState, CepLookupStatus, lookupCep, useCepLookup } from './cep';
export {
  DeclaredForm,
  type DeclaredFormProps,
  type DefinedForm,
  defineForm,
  type FieldDeclaration,
  type FormDeclaration,
  type FormEntry,
  type ItemText,
  type RenderDeclaration,
} from './declare';
export {
  DateField,
  EmailField,
  type FieldProps,
  MaskedField,
  type MaskName,
  MoneyField,
  PasswordField,
  PointsField,
  RequiredNote,
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
  professionalChanges,
  professionalChangesResolver,
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
export {
  applyProfileUpdate,
  ChangePasswordForm,
  ProfileScreen,
  type ProfileScreenProps,
  type SendPassword,
} from './profile';
export { applyServerError, type ServerErrorOptions, type ServerFields } from './server-errors';
