import { useTranslation } from 'react-i18next';
import { schoolText } from '../../../components/module/school-text.tsx';

/**
 * A long text the school wrote (a post's body), in the page's language: a paragraph for each
 * block between blank lines, its single line breaks kept. English standing in for Arabic is
 * marked as English.
 */
export function Paragraphs({ en, ar }: { en: string; ar: string }) {
  const { i18n } = useTranslation();
  const { text, lang } = schoolText(en, ar, i18n.language);
  const blocks = text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '');
  return (
    <div lang={lang} dir={lang ? 'ltr' : undefined} className="space-y-4">
      {blocks.map((block, index) => (
        <p key={index} className="whitespace-pre-line">
          {block}
        </p>
      ))}
    </div>
  );
}
