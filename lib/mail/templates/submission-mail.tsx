/**
 * The e-mail of a staff form submission (lib/forms/submission-mail.ts renders it to static markup):
 * the submitted fields as a table and a link to the record. Inline styles only: mail clients drop
 * style sheets.
 */
export function SubmissionMail({
  title,
  intro,
  fields,
  link,
}: {
  title: string;
  intro: string;
  fields: { label: string; value: string }[];
  link: string;
}) {
  const cell = { padding: "6px 10px", border: "1px solid #cbd5e1", verticalAlign: "top", textAlign: "left" as const };
  return (
    <div lang="en" style={{ fontFamily: "Arial, Helvetica, sans-serif", color: "#0f172a", fontSize: "14px" }}>
      <h1 style={{ fontSize: "18px" }}>{title}</h1>
      <p>{intro}</p>
      <table style={{ borderCollapse: "collapse" }}>
        <tbody>
          {fields.map((f, i) => (
            <tr key={i}>
              <th scope="row" style={{ ...cell, background: "#f1f5f9" }}>
                {f.label}
              </th>
              <td style={{ ...cell, whiteSpace: "pre-wrap" }}>{f.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        <a href={link}>Open the record in the portal</a>
      </p>
    </div>
  );
}
