import { render, screen } from '@testing-library/react';
import { Select } from './select';

const options = [
  { value: 1, label: 'Admin' },
  { value: 2, label: 'Viewer' },
];

test("a select's error is named by the control, so a screen reader reads it on focus", () => {
  render(
    <Select label="Role" options={options} value={null} onChange={() => {}} error="Role wajib dipilih" />,
  );
  const control = screen.getByRole('combobox', { name: 'Role' });
  expect(control).toHaveAttribute('aria-invalid', 'true');
  expect(control).toHaveAccessibleDescription('Role wajib dipilih');
});

test('a select without an error describes nothing', () => {
  render(<Select label="Role" options={options} value={1} onChange={() => {}} />);
  const control = screen.getByRole('combobox', { name: 'Role' });
  expect(control).not.toHaveAttribute('aria-invalid');
  expect(control).not.toHaveAttribute('aria-describedby');
});
