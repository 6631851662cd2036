import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Input } from '@/components/ui/input';

/** A search box that reports its text after a short pause. */
export function SearchInput({ value, onChange, placeholder, label }: { value: string; onChange(value: string): void; placeholder: string; label: string }) {
  const id = useId();
  const [text, setText] = useState(value);
  const lastSent = useRef(value);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  // An outside change (reset, back button) wins over what is typed.
  useEffect(() => {
    if (value !== lastSent.current) {
      lastSent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text.trim() === lastSent.current.trim()) return;
    const timer = setTimeout(() => {
      lastSent.current = text.trim();
      onChangeRef.current(text.trim());
    }, 350);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <div className="relative min-w-0 flex-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden />
      <Input id={id} type="search" value={text} placeholder={placeholder} onChange={(e) => setText(e.target.value)} className="pl-9" />
    </div>
  );
}
