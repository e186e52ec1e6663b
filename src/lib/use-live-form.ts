import { useForm, type FormErrors, type UseFormInput } from '@mantine/form';
import { useRef } from 'react';
import { useReportUnsaved } from './unsaved-scope';

type Field<Values> = Extract<keyof Values, string>;

interface LiveFormInput<Values> {
  initialValues: Values;
  validate: UseFormInput<Values>['validate'];
  /** Fields to check again when another one changes (the confirmation follows the password). */
  dependents?: Partial<Record<Field<Values>, Field<Values>[]>>;
}

/**
 * A Mantine form that leaves a field alone until the user has typed in it and left it,
 * then checks it on every change; submit checks everything and puts focus on the first
 * invalid field. Server messages per field go beside the fields the same way.
 */
export function useLiveForm<Values extends Record<string, unknown>>({ initialValues, validate, dependents = {} }: LiveFormInput<Values>) {
  const typed = useRef(new Set<string>());
  const live = useRef(new Set<string>());
  const order = Object.keys(initialValues);

  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    // Mantine would clear the message and then skip setting the same one again: flicker.
    clearInputErrorOnChange: false,
    validate,
    enhanceGetInputProps: ({ field, inputProps, form: self }) => {
      const change = inputProps.onChange as (value: unknown) => void;
      const blur = inputProps.onBlur as (() => void) | undefined;
      return {
        // Mantine's PasswordInput marks an error only for the eye (data-invalid).
        'aria-invalid': inputProps.error ? true : undefined,
        onChange: (value: unknown) => {
          change(value);
          typed.current.add(field);
          // Typing answers a message: check again a field that is live, else just let go of
          // its message (a server's, say) until the user leaves it.
          if (!live.current.has(field)) self.clearFieldError(field);
          const recheck = [field, ...((dependents as Record<string, string[]>)[field] ?? [])];
          for (const path of recheck) if (live.current.has(path)) self.validateField(path);
        },
        onBlur: () => {
          blur?.();
          if (typed.current.has(field) && !live.current.has(field)) {
            live.current.add(field);
            self.validateField(field);
          }
        },
      };
    },
  });

  // Changed and not yet saved: the dialog or screen around asks before dropping it.
  useReportUnsaved(form.isDirty());

  function focusFirst(errors: FormErrors) {
    const first = order.find((field) => errors[field]);
    if (first) form.getInputNode(first)?.focus();
  }

  return {
    form,
    /** The form's submit handler: runs `handler` only when every field passes. */
    onSubmit: (handler: (values: Values) => void | Promise<void>) =>
      form.onSubmit(
        (values) => handler(values),
        (errors) => {
          order.forEach((field) => live.current.add(field));
          focusFirst(errors);
        },
      ),
    /** Back to the first values, with every field left alone again until typed in. */
    reset() {
      typed.current.clear();
      live.current.clear();
      form.reset();
    },
    /** Shows the server's messages beside the fields this form has; true if any was shown. */
    showServerErrors(fieldErrors: Record<string, string>): boolean {
      const known = Object.fromEntries(Object.entries(fieldErrors).filter(([field]) => order.includes(field)));
      if (Object.keys(known).length === 0) return false;
      form.setErrors((current) => ({ ...current, ...known }));
      focusFirst(known);
      return true;
    },
  };
}
