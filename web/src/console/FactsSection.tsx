/** A section of facts about a user, each a label and its value, in as many columns as the screen holds. */
export function FactsSection({ id, heading, rows }: { id: string; heading: string; rows: [string, string][] }) {
  return (
    <section aria-labelledby={`console-${id}-heading`}>
      <h2 className="console-subheading" id={`console-${id}-heading`}>
        {heading}
      </h2>
      <dl className="console-facts">
        {rows.map(([label, value]) => (
          <div key={label} className="console-facts__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
