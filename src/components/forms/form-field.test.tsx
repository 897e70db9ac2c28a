import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fieldProblemTexts } from '@/content/form-notices';
import { TextAreaField, TextField } from './form-field';

describe('a text area with a limit', () => {
  it('keeps a pasted text longer than the limit whole and says by how much it is too long', () => {
    render(<TextAreaField label="Nachricht" name="nachricht" limit={5000} />);
    const field = screen.getByLabelText('Nachricht') as HTMLTextAreaElement;
    expect(field).not.toHaveAttribute('maxLength');
    expect(field).not.toHaveAccessibleDescription(/Zeichen/);

    fireEvent.change(field, { target: { value: 'x'.repeat(12_000) } });
    expect(field.value).toHaveLength(12_000);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(fieldProblemTexts.overLimit(12_000, 5000));
    // In that order: the text's length, how much too long it is, the limit.
    expect(field).toHaveAccessibleDescription(/^\D*12000\D+7000\D+5000\D*$/);

    fireEvent.change(field, { target: { value: 'x'.repeat(5000) } });
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(field).not.toHaveAccessibleDescription(/Zeichen/);
  });
});

describe('a one-line field with a limit', () => {
  it('keeps a pasted value longer than the limit whole, and counts characters as the database does', () => {
    render(<TextField label="Nachname" name="nachname" limit={100} />);
    const field = screen.getByLabelText('Nachname') as HTMLInputElement;
    expect(field).not.toHaveAttribute('maxLength');
    fireEvent.change(field, { target: { value: 'x'.repeat(120) } });
    expect(field.value).toHaveLength(120);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(fieldProblemTexts.overLimit(120, 100));
    // 100 emoji are 200 UTF-16 units but 100 characters: within the limit.
    fireEvent.change(field, { target: { value: '😴'.repeat(100) } });
    expect(field).not.toHaveAttribute('aria-invalid');
  });
});
