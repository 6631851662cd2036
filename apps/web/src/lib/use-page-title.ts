import { useEffect } from 'react';
import { PRODUCT_NAME } from '@dealer/shared';

export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = `${title} | ${PRODUCT_NAME}`;
  }, [title]);
}
