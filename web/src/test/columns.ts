import { fireEvent, screen } from '@testing-library/react';

/** Switches every column of the list on, as a user does in its column settings. */
export async function showAllColumns() {
  fireEvent.click(screen.getByTestId('list-columns'));
  fireEvent.click(await screen.findByTestId('list-columns-all'));
}
