import { Button, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Switch } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@/components/calendar-locale';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMAIL_MAX, FULL_NAME_MAX, PHONE_MAX } from '@contract/account-rules';
import { useCalendarProps } from '@/components/calendar-props';
import { MonthField } from '@/components/month-field';
import { DateTimeField, type DateTimeValue } from '@/components/date-time-field';
import { FormAlert } from '@/components/form-alert';
import { LimitedTextInput, LimitedTextarea } from '@/components/limited-text';
import { NewPasswordFields } from '@/components/password-strength';
import { useAccountRules } from '@/lib/account-rules';
import { useLiveForm } from '@/lib/use-live-form';
import { GalleryPage, GallerySection } from './gallery-section';

const DESCRIPTION_MAX = 500;
const OFFENCES = ['dumping', 'uncollected', 'overflow'] as const;

interface SampleValues extends Record<string, unknown> {
  fullName: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
  typeOfOffence: string | null;
  description: string;
  qty: number | string;
  dateOfMisconduct: DateTimeValue;
  startDate: string | null;
  month: string | null;
  active: boolean;
  confirmed: boolean;
}

/**
 * Every kind of field the product's forms have, checked by the product's own rules and words
 * (account rules, the complaint and contract forms' messages) through its live-form hook.
 */
function SampleForm() {
  const { t, i18n } = useTranslation();
  const rules = useAccountRules();
  const calendar = useCalendarProps();
  const [allValid, setAllValid] = useState(false);
  const { form, onSubmit, reset } = useLiveForm<SampleValues>({
    initialValues: {
      fullName: '',
      email: '',
      phone: '',
      password: '',
      confirmPassword: '',
      typeOfOffence: null,
      description: '',
      qty: '',
      dateOfMisconduct: null,
      startDate: null,
      month: null,
      active: true,
      confirmed: false,
    },
    validate: {
      fullName: rules.fullName,
      email: rules.email,
      phone: rules.phone,
      password: (value, values) => rules.newPassword(value, values.email),
      confirmPassword: (value, values) => rules.confirmPassword(value, values.password),
      typeOfOffence: (value) => (value ? null : t('complaintForm.typeRequired')),
      description: (value) =>
        !value.trim()
          ? t('complaintForm.descriptionRequired')
          : value.length > DESCRIPTION_MAX
            ? t('validation.tooLong', { max: DESCRIPTION_MAX })
            : null,
      qty: (value) =>
        value === '' ? t('complaintForm.qtyRequired') : Number.isInteger(Number(value)) ? null : t('complaintForm.qtyWhole'),
      dateOfMisconduct: (value) => (value ? null : t('complaintForm.dateRequired')),
      startDate: (value) => (value ? null : t('contracts.startRequired')),
      confirmed: (value) => (value ? null : t('gallery.forms.confirmRequired')),
    },
    dependents: { email: ['password'], password: ['confirmPassword'] },
  });

  // A message is worded when it is given: say the ones on screen again in the new language.
  const sayAgain = useEffectEvent(() => {
    for (const field of Object.keys(form.errors)) form.validateField(field);
  });
  useEffect(() => sayAgain(), [i18n.resolvedLanguage]);

  const submit = onSubmit(() => setAllValid(true));

  return (
    <form
      noValidate
      onSubmit={(event) => {
        setAllValid(false);
        submit(event);
      }}
    >
      <Stack gap="md">
        <FormAlert tone="success" message={allValid ? t('gallery.forms.allValid') : null} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <LimitedTextInput
            label={t('register.fullName')}
            required
            maxLength={FULL_NAME_MAX}
            autoComplete="off"
            {...form.getInputProps('fullName')}
          />
          <LimitedTextInput
            label={t('auth.email')}
            type="email"
            required
            maxLength={EMAIL_MAX}
            autoComplete="off"
            {...form.getInputProps('email')}
          />
          <LimitedTextInput
            label={t('register.phone')}
            maxLength={PHONE_MAX}
            description={t('register.phoneHint')}
            autoComplete="off"
            {...form.getInputProps('phone')}
          />
          <Select
            label={t('complaints.typeOfOffence')}
            required
            data={OFFENCES.map((offence) => ({ value: offence, label: t(`gallery.forms.offences.${offence}`) }))}
            {...form.getInputProps('typeOfOffence')}
          />
          <NumberInput
            label={t('complaints.quantity')}
            required
            min={1}
            max={1_000_000}
            allowNegative={false}
            {...form.getInputProps('qty')}
          />
          <DateTimeField
            label={t('complaints.dateOfMisconduct')}
            timeLabel={t('complaints.timeOfMisconduct')}
            required
            {...form.getInputProps('dateOfMisconduct')}
          />
          <DatePickerInput
            label={t('contracts.startDate')}
            required
            valueFormat="D MMM YYYY"
            {...calendar}
            {...form.getInputProps('startDate')}
          />
          <MonthField {...form.getInputProps('month')} />
        </SimpleGrid>
        <LimitedTextarea
          label={t('complaints.description')}
          required
          autosize
          minRows={2}
          maxLength={DESCRIPTION_MAX}
          {...form.getInputProps('description')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NewPasswordFields
            label={t('auth.password')}
            password={form.values.password}
            passwordProps={form.getInputProps('password')}
            confirmProps={form.getInputProps('confirmPassword')}
          />
        </SimpleGrid>
        <Switch label={t('catalogue.activeSwitch')} {...form.getInputProps('active', { type: 'checkbox' })} />
        <Checkbox label={t('gallery.forms.confirm')} {...form.getInputProps('confirmed', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => {
              setAllValid(false);
              reset();
            }}
          >
            {t('gallery.forms.reset')}
          </Button>
          <Button type="submit">{t('gallery.forms.validate')}</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `/forms`: the product's field types in one live form whose messages follow the app's language. */
export function FormsGallery() {
  const { t } = useTranslation();
  return (
    <GalleryPage intro={t('gallery.forms.intro')}>
      <GallerySection title={t('gallery.forms.title')} description={t('gallery.forms.hint')}>
        <SampleForm />
      </GallerySection>
    </GalleryPage>
  );
}
