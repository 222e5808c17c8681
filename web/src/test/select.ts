// antd Select in tests: open one by its test id, read the open list, click an option by title.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { settle } from './router';

const OPEN_OPTIONS = '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option';

/** Opens the Select marked `testId` (the mark may be on the Select or on an element inside it). */
export async function openSelect(testId: string): Promise<void> {
  const field = screen.getByTestId(testId);
  const selector = field.querySelector('.ant-select-selector') ?? field.closest('.ant-select')!.querySelector('.ant-select-selector')!;
  fireEvent.mouseDown(selector);
  await settle(50);
}

/** The titles of the open list's options. */
export const optionTitles = (): Array<string | null> => [...document.querySelectorAll(OPEN_OPTIONS)].map((node) => node.getAttribute('title'));

/** The open list's option titled `title`, once it shows. */
export function optionTitled(title: string): Promise<Element> {
  return waitFor(
    () => {
      const found = [...document.querySelectorAll(OPEN_OPTIONS)].find((node) => node.getAttribute('title') === title);
      if (!found) throw new Error(`no option ${title}`);
      return found;
    },
    { timeout: 8000 },
  );
}

/** Clicks the open list's option titled `title`. */
export async function chooseOption(title: string): Promise<void> {
  fireEvent.click(await optionTitled(title));
  await settle(50);
}

/** Opens the Select marked `testId` and picks the option titled `title`. */
export async function pickOption(testId: string, title: string): Promise<void> {
  await openSelect(testId);
  await chooseOption(title);
}
