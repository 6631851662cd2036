import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { useHydrated } from './use-hydrated';

function Control() {
  const hydrated = useHydrated();
  return (
    <button type="button" disabled={!hydrated}>
      Save
    </button>
  );
}

it('is false in the server markup and while hydrating, true once hydrated', async () => {
  const html = renderToString(<Control />);
  expect(html).toContain('disabled');
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  await act(async () => {
    hydrateRoot(container, <Control />);
  });
  expect(container.querySelector('button')).toBeEnabled();
  container.remove();
});
