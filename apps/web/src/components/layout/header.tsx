import { Link } from 'react-router';
import { PRODUCT_NAME } from '@dealer/shared';
import { paths } from '@/config/paths';

export function Header() {
  return (
    <header className="sticky top-0 z-40 border-b bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center px-4">
        <Link to={paths.home} className="font-bold">
          {PRODUCT_NAME}
        </Link>
      </div>
    </header>
  );
}
