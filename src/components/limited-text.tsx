import { Group, Text, TextInput, Textarea, VisuallyHidden, type TextInputProps, type TextareaProps } from '@mantine/core';
import { IconScissors } from '@tabler/icons-react';
import { useState, type ClipboardEvent, type ClipboardEventHandler, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The share of its limit from which a field shows its count. */
const COUNT_FROM = 0.9;

type TextElement = HTMLInputElement | HTMLTextAreaElement;

interface LimitProps<E extends TextElement> {
  /** The most characters the field takes: the contract's limit for it. */
  maxLength: number;
  /** Controlled: the count is of this value. */
  value?: string;
  label?: ReactNode;
  'aria-label'?: string;
  type?: string;
  inputContainer?: (children: ReactNode) => ReactNode;
  onPaste?: ClipboardEventHandler<E>;
}

/** A Mantine TextInput that says its limit: see `useTextLimit`. */
export function LimitedTextInput(props: Omit<TextInputProps, keyof LimitProps<HTMLInputElement>> & LimitProps<HTMLInputElement>) {
  return <TextInput {...props} {...useTextLimit(props)} />;
}

/** A Mantine Textarea that says its limit: see `useTextLimit`. */
export function LimitedTextarea(props: Omit<TextareaProps, keyof LimitProps<HTMLTextAreaElement>> & LimitProps<HTMLTextAreaElement>) {
  return <Textarea {...props} {...useTextLimit(props)} />;
}

/**
 * A text field's limit, said rather than silent: under the field, its count from 90 % of the
 * limit ("1,980 / 2,000", in the language's numbers), and after a paste longer than the room
 * left, what was cut (the paste keeps what fits). A screen reader hears the field reach its
 * limit and the cut, once each, not every keystroke.
 * An e-mail field has no caret to paste at (no selection API): it is given no `maxLength`, so
 * nothing is cut, and the form's rules refuse an address that is too long.
 */
function useTextLimit<E extends TextElement>({
  maxLength,
  value,
  label,
  'aria-label': ariaLabel,
  type,
  inputContainer,
  onPaste,
}: LimitProps<E>) {
  const { t } = useTranslation();
  const [cut, setCut] = useState<{ count: number; value: string } | null>(null);
  const text = String(value ?? '');
  const name = typeof label === 'string' ? label : (ariaLabel ?? t('textLimit.thisField'));
  // Said until the text changes again.
  const cutCount = cut?.value === text ? cut.count : 0;
  const counting = cutCount > 0 || text.length >= Math.ceil(maxLength * COUNT_FROM);
  const reached = cutCount === 0 && text.length >= maxLength;

  function paste(event: ClipboardEvent<E>) {
    onPaste?.(event);
    const field = event.currentTarget;
    if (event.defaultPrevented || field.readOnly || field.disabled || field.selectionStart === null) return;
    const start = field.selectionStart;
    const end = field.selectionEnd ?? start;
    const pasted = asTyped(event.clipboardData.getData('text/plain'), field);
    const room = Math.max(0, maxLength - (field.value.length - (end - start)));
    if (pasted.length <= room) return;
    event.preventDefault();
    const kept = fitting(pasted, room);
    insertText(field, kept, start, end);
    setCut({ count: pasted.length - kept.length, value: field.value });
  }

  const note = (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs" mt={counting ? 4 : 0}>
      <Text
        component="div"
        size="xs"
        fw={500}
        c="var(--mantine-color-orange-light-color)"
        aria-live="polite"
        miw={0}
        style={{ overflowWrap: 'anywhere' }}
      >
        {cutCount > 0 && (
          <>
            <IconScissors size={13} aria-hidden style={{ verticalAlign: '-2px', marginInlineEnd: 4 }} />
            {t('textLimit.cut', { count: cutCount, name, max: maxLength })}
          </>
        )}
        <VisuallyHidden>{reached && t('textLimit.reached', { name, max: maxLength })}</VisuallyHidden>
      </Text>
      {counting && (
        <Text size="xs" c={text.length > maxLength ? 'var(--mantine-color-error)' : 'dimmed'} ms="auto" style={{ whiteSpace: 'nowrap' }}>
          {t('textLimit.count', { length: text.length, max: maxLength })}
        </Text>
      )}
    </Group>
  );
  return {
    maxLength: type === 'email' ? undefined : maxLength,
    onPaste: paste,
    inputContainer: (children: ReactNode) => (
      <>
        {inputContainer ? inputContainer(children) : children}
        {note}
      </>
    ),
  };
}

/** Pasted text as the field would hold it: one line in an input, `\n` line ends in a textarea. */
function asTyped(pasted: string, field: TextElement): string {
  return field instanceof HTMLTextAreaElement ? pasted.replace(/\r\n?/g, '\n') : pasted.replace(/\r\n?|\n/g, ' ');
}

/** The first `room` characters of `text`, without half of a character written as a surrogate pair. */
function fitting(text: string, room: number): string {
  const kept = text.slice(0, room);
  return /[\uD800-\uDBFF]$/.test(kept) ? kept.slice(0, -1) : kept;
}

/** Puts `text` in place of the field's selection as typing would, so that the form hears it and Undo takes it back. */
function insertText(field: TextElement, text: string, start: number, end: number) {
  // execCommand keeps the browser's undo history; where there is none (jsdom), the value is set as React's own tests do.
  if (typeof document.execCommand === 'function' && document.execCommand('insertText', false, text)) return;
  const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  setValue?.call(field, field.value.slice(0, start) + text + field.value.slice(end));
  field.setSelectionRange(start + text.length, start + text.length);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
