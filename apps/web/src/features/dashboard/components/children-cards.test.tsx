import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import { child } from '../../../test/fixtures.ts';
import { ChildrenCards } from './children-cards.tsx';
import { initialsOf } from './child-avatar.tsx';

const children = [
  child('E100', 'Omar Ahmed'),
  child('E200', 'Lina Ahmed', { sims_grade_name_en: 'Grade 2', sims_section_name_en: 'B' }),
  child('E300', 'Yusuf Ahmed'),
];

function Harness({ onSelect }: { onSelect?: (enroll: string) => void }) {
  const [selected, setSelected] = useState<string | null>('E100');
  return (
    <>
      <h2 id="kids">Your children</h2>
      <ChildrenCards
        labelledBy="kids"
        childList={children}
        selectedEnrollNumber={selected}
        onSelect={(enroll) => {
          setSelected(enroll);
          onSelect?.(enroll);
        }}
      />
    </>
  );
}

describe('children cards', () => {
  it('shows one card per child, named after the child, with grade, section and enrolment number', async () => {
    await renderWithProviders(<Harness />);
    expect(screen.getByRole('radiogroup', { name: 'Your children' }).querySelectorAll('input')).toHaveLength(
      3,
    );
    const lina = screen.getByRole('radio', { name: 'Lina Ahmed' });
    const card = lina.closest('label');
    expect(card?.textContent).toContain('Grade 2 · Section B');
    expect(card?.textContent).toContain('Enrolment no. E200');
    expect(screen.getByRole('img', { name: 'Photo of Lina Ahmed' })).toBeTruthy();
  });

  it('shows the grade and section in Arabic when the portal is in Arabic, else the English names', async () => {
    await renderWithProviders(<Harness />, { lng: 'ar' });
    const omar = screen.getByRole('radio', { name: 'Omar Ahmed' }).closest('label');
    expect(omar?.textContent).toContain('الصف 5');
    expect(omar?.textContent).not.toContain('Grade 5');
  });

  it('checks exactly the selected child, and moves the selection when another card is clicked', async () => {
    const onSelect = vi.fn();
    await renderWithProviders(<Harness onSelect={onSelect} />);
    const checked = () =>
      screen
        .getAllByRole<HTMLInputElement>('radio')
        .filter((radio) => radio.checked)
        .map((radio) => radio.value);
    expect(checked()).toEqual(['E100']);

    // A click anywhere on the card (here: its text) chooses the child.
    fireEvent.click(screen.getByText('Yusuf Ahmed'));
    expect(onSelect).toHaveBeenCalledWith('E300');
    expect(checked()).toEqual(['E300']);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Omar Ahmed' }).checked).toBe(false);
  });

  it('falls back to the initials when a photo fails to load', async () => {
    await renderWithProviders(<Harness />);
    const photo = screen.getByRole('img', { name: 'Photo of Omar Ahmed' });
    expect(photo.tagName).toBe('IMG');
    fireEvent.error(photo);
    const fallback = screen.getByRole('img', { name: 'Photo of Omar Ahmed' });
    expect(fallback.tagName).toBe('SPAN');
    expect(fallback.textContent).toBe('OA');
  });

  it('takes the initials of the first and last names', () => {
    expect(initialsOf('Omar  Khalid Ahmed')).toBe('OA');
    expect(initialsOf('lina')).toBe('L');
    expect(initialsOf('')).toBe('');
  });
});
