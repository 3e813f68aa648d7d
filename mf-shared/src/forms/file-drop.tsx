import { Box, Button, Field, Input, Text, useTranslation } from '@especifica/mf-shared/ui';
import { type DragEvent, type ReactNode, useId, useRef, useState } from 'react';
import { type FieldValues, type Path, useController, useFormContext, useFormState } from 'react-hook-form';

const typeNames: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPG',
  'image/png': 'PNG',
  'image/webp': 'WEBP',
  'text/xml': 'XML',
  'application/xml': 'XML',
  'text/csv': 'CSV',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
};

/** `['application/pdf', 'image/png']` as a person reads it: "PDF ou PNG". */
export function typesLabel(accept: readonly string[]): string {
  const names = [...new Set(accept.map((type) => typeNames[type] ?? type.replace(/^\./, '').toUpperCase()))];
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} ou ${names.at(-1)}` : (names[0] ?? '');
}

/** 5 * 1024 * 1024 -> "5 MB". */
export function sizeLabel(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1)).toLocaleString('pt-BR')} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}

const accepts = (accept: readonly string[], file: File) =>
  accept.some((type) =>
    type.startsWith('.') ? file.name.toLowerCase().endsWith(type.toLowerCase()) : file.type === type,
  );

export interface FileDropProps {
  label: string;
  /** MIME types (`application/pdf`) or extensions (`.xml`). The server checks the content again. */
  accept: readonly string[];
  maxBytes: number;
  file: File | null;
  /** An accepted file (or null when cleared). */
  onFile: (file: File | null) => void;
  /** A refused file, with the pt-BR sentence that says why. */
  onReject: (message: string) => void;
  error?: string;
  helper?: ReactNode;
  name?: string;
}

/**
 * A file input that also takes a dropped file, and refuses a wrong type or an oversized file before sending it. The
 * browser's own input (whose button and "no file" text follow the browser's language, not the page's) is kept for
 * keyboards, screen readers and tests, visually hidden; the box draws the chosen file's name and a pt-BR button.
 */
export function FileDrop({ label, accept, maxBytes, file, onFile, onReject, error, helper, name }: FileDropProps) {
  const { t } = useTranslation();
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const take = (chosen: File | null | undefined) => {
    if (!chosen) return onFile(null);
    if (!accepts(accept, chosen)) return onReject(t('forms.fileType', { types: typesLabel(accept) }));
    if (chosen.size > maxBytes) return onReject(t('forms.fileSize', { size: sizeLabel(maxBytes) }));
    onFile(chosen);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer.files?.[0]);
  };
  return (
    <Field.Root invalid={Boolean(error)} ids={{ control: id }}>
      <Field.Label>{label}</Field.Label>
      <Box
        data-testid="file-drop"
        w="100%"
        p="3"
        display="flex"
        alignItems="center"
        flexWrap="wrap"
        gap="3"
        cursor="pointer"
        borderWidth="2px"
        borderStyle="dashed"
        borderRadius="card"
        borderColor={over ? 'brand' : error ? 'border.error' : 'surface.200'}
        bg={over ? 'surface.50' : undefined}
        // The hidden input has the focus: the box shows it.
        css={{ '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'brand', outlineOffset: '2px' } }}
        onClick={() => input.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <Text
          flex="1"
          minW="12rem"
          fontSize="sm"
          color={file ? 'fg' : 'muted'}
          fontWeight={file ? 'medium' : undefined}
        >
          {file ? file.name : t('forms.fileChoose')}
        </Text>
        {/* For the pointer only: the input itself is what a keyboard or a screen reader reaches. */}
        <Button type="button" size="sm" variant="outline" tabIndex={-1} aria-hidden pointerEvents="none">
          {t(file ? 'forms.fileChange' : 'forms.fileButton')}
        </Button>
        <Input
          ref={input}
          type="file"
          name={name}
          accept={accept.join(',')}
          srOnly
          onClick={(event) => event.stopPropagation()}
          onChange={(event) => {
            take(event.target.files?.[0]);
            // The same file chosen again after a refusal must fire again.
            event.target.value = '';
          }}
        />
      </Box>
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** The file drop as a form field: the form holds the accepted File (or null); a refusal is the field's message. */
export function FileDropField<T extends FieldValues>({
  name,
  ...props
}: Omit<FileDropProps, 'file' | 'onFile' | 'onReject' | 'error' | 'name'> & { name: Path<T> }) {
  const { setError, clearErrors } = useFormContext<T>();
  const { field } = useController<T>({ name });
  const { errors } = useFormState<T>({ name });
  const message = errors[name]?.message;
  return (
    <FileDrop
      {...props}
      name={name}
      file={(field.value as unknown) instanceof File ? (field.value as File) : null}
      onFile={(file) => {
        clearErrors(name);
        field.onChange(file);
      }}
      onReject={(reason) => setError(name, { type: 'file', message: reason })}
      error={typeof message === 'string' ? message : undefined}
    />
  );
}
