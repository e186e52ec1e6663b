import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { inMalay } from '@/test/in-malay';
import { renderWithApp } from '@/test/render';
import { FormsGallery } from './forms-gallery';

/** The keys of the messages an empty form gets: the product's own, and one of the gallery's. */
const EMPTY_FORM_MESSAGES = [
  'validation.fullNameRequired',
  'auth.emailRequired',
  'validation.password.required',
  'validation.confirmRequired',
  'complaintForm.typeRequired',
  'complaintForm.descriptionRequired',
  'complaintForm.qtyRequired',
  'complaintForm.dateRequired',
  'contracts.startRequired',
  'gallery.forms.confirmRequired',
];
/** The messages in the language the app speaks now. */
const emptyFormMessages = () => EMPTY_FORM_MESSAGES.map((key) => i18n.t(key));

describe('FormsGallery', () => {
  it('says nothing until Validate, then what each empty field needs', async () => {
    const user = userEvent.setup();
    renderWithApp(<FormsGallery />);
    await user.click(await screen.findByRole('button', { name: 'Validate' }));
    for (const message of emptyFormMessages()) expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Full name/ })).toHaveFocus();
  });

  it('says the messages on screen again when the language changes', async () => {
    const user = userEvent.setup();
    renderWithApp(<FormsGallery />);
    await user.click(await screen.findByRole('button', { name: 'Validate' }));
    await screen.findByText('Enter your full name');
    await inMalay(async () => {
      expect(await screen.findByText('Masukkan nama penuh anda')).toBeInTheDocument();
      for (const message of emptyFormMessages()) expect(await screen.findByText(message)).toBeInTheDocument();
      expect(screen.queryByText('Enter your full name')).not.toBeInTheDocument();
    });
  });

  it('checks a field by the product’s rule once it is typed in and left', async () => {
    const user = userEvent.setup();
    renderWithApp(<FormsGallery />);
    await user.type(await screen.findByRole('textbox', { name: /^Phone/ }), 'call me');
    await user.tab();
    expect(await screen.findByText('Use digits, spaces and + - ( ) only')).toBeInTheDocument();
    expect(screen.queryByText('Enter your full name')).not.toBeInTheDocument();
  });

  it('speaks Malay when the app does', async () => {
    const user = userEvent.setup();
    await inMalay(async () => {
      renderWithApp(<FormsGallery />);
      await user.click(await screen.findByRole('button', { name: 'Sahkan' }));
      expect(await screen.findByText('Masukkan nama penuh anda')).toBeInTheDocument();
      expect(screen.getByText('Tandakan kotak untuk mengesahkan')).toBeInTheDocument();
    });
  });
});
