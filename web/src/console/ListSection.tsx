/**
 * One list of the console's (a user's passkeys, devices and sessions; the operators; the API keys): its heading, what it
 * says when empty, and each item with the changes made to it, each button named with the item it acts on (WCAG 2.5.3:
 * the name holds the word shown).
 */
import type { Change } from './console-types';

export interface Row {
  key: string;
  label: string;
  line: string;
  buttons: { shown: string; named: string; change: Change }[];
}

export interface ListProps {
  id: string;
  heading: string;
  none: string;
  rows: Row[];
  canChange: boolean;
  onChange: (change: Change) => void;
}

export function ListSection({ id, heading, none, rows, canChange, onChange }: ListProps) {
  return (
    <section aria-labelledby={`console-${id}-heading`}>
      <h2 className="console-subheading" id={`console-${id}-heading`}>
        {heading}
      </h2>
      {rows.length === 0 && <p>{none}</p>}
      <ul className="console-list">
        {rows.map(({ key, label, line, buttons }) => (
          <li key={key} className="console-list__item">
            <span>
              <span className="console-item__name">{label}</span> <span className="console-list__detail">{line}</span>
            </span>
            {canChange && buttons.length > 0 && (
              <span className="console-list__buttons">
                {buttons.map((button) => (
                  <button
                    key={button.shown}
                    type="button"
                    className="portal-button portal-button--secondary"
                    aria-label={button.named}
                    onClick={() => onChange(button.change)}
                  >
                    {button.shown}
                  </button>
                ))}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
