/** A dropdown menu's item (Radix DropdownMenu.Item): highlighted on hover and keys, dimmed when disabled. */
export const menuItemClass =
  'flex cursor-pointer items-center gap-2 rounded px-2 py-2 text-sm text-slate-800 outline-none select-none data-[disabled]:opacity-50 data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800 [&_svg]:size-4';

/** A dropdown menu's panel (Radix DropdownMenu.Content). */
export const menuContentClass = 'z-50 min-w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg';

/** A red item for an action that takes something away. */
export const dangerItemClass = 'text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800';
