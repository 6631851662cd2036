import { Fragment } from 'react';

/**
 * An e-mail address that wraps, when it must, only before its '@' and its dots ("walter.walkin" /
 * "@example" / ".com"), never mid-name; a single part too long for its line still breaks (break-words).
 */
export function EmailAddress({ address }: { address: string }) {
  const parts = address.split(/(?=[@.])/);
  return (
    <span className="break-words">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
