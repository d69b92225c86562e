import type { AiContentType } from '../../shared/aiCredits.js';
import type { AiPrompt } from './provider.js';

/** What the assistant knows of the training or bundle the text is for (plain text, already cut to size). */
export interface BuyableFacts {
  kind: 'TRAINING' | 'BUNDLE';
  name: string;
  summary: string | null;
  description: string | null;
  /** A training's sections and lessons in order; a bundle's trainings. */
  parts: string[];
}

const WHAT: Record<AiContentType, { task: string; format: string; maxTokens: number }> = {
  title_ideas: {
    task: 'Propose 10 idées de titres accrocheurs pour une formation en ligne.',
    format: 'Une liste numérotée en Markdown, un titre par ligne, sans commentaire.',
    maxTokens: 500,
  },
  value_proposition: {
    task: 'Écris la proposition de valeur d’une formation en ligne : la promesse, pour qui, le résultat obtenu, ce qui la distingue.',
    format: 'Un titre de niveau 2 puis 3 à 5 paragraphes courts en Markdown.',
    maxTokens: 800,
  },
  outline: {
    task: 'Propose le plan détaillé d’une formation en ligne : des modules, et dans chaque module des leçons avec leur objectif.',
    format: 'Markdown : un titre de niveau 2 par module, une liste de leçons sous chacun.',
    maxTokens: 1500,
  },
  sales_page: {
    task: 'Écris la page de vente complète d’une formation en ligne : accroche, problème, solution, contenu, bénéfices, pour qui, objections, appel à l’action.',
    format: 'Markdown avec des titres de niveau 2 pour chaque partie.',
    maxTokens: 2500,
  },
};

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/**
 * The prompt for one text: the kind of text and its format in the system message, the trainer's words and the
 * training's (or bundle's) data in the user message. French, since the platform and its learners are French-first;
 * the trainer may ask for another language in their words.
 */
export function buildPrompt(type: AiContentType, input: string, facts: BuyableFacts | null): AiPrompt {
  const what = WHAT[type];
  const system = [
    'Tu es un rédacteur web spécialisé dans la vente de formations en ligne.',
    what.task,
    `Format attendu : ${what.format}`,
    'Réponds en français, sauf si la demande précise une autre langue. N’invente ni chiffres, ni témoignages, ni garanties.',
  ].join('\n');
  const lines = [`Demande du formateur :\n${input.trim()}`];
  if (facts) {
    lines.push('', facts.kind === 'TRAINING' ? `Formation concernée : ${facts.name}` : `Pack de formations concerné : ${facts.name}`);
    if (facts.summary) lines.push(`Résumé : ${clip(facts.summary, 500)}`);
    if (facts.description) lines.push(`Description : ${clip(facts.description, 3000)}`);
    if (facts.parts.length) {
      lines.push(facts.kind === 'TRAINING' ? 'Contenu actuel :' : 'Formations du pack :');
      for (const part of facts.parts.slice(0, 60)) lines.push(`- ${clip(part, 150)}`);
    }
  }
  return { system, user: lines.join('\n'), maxTokens: what.maxTokens };
}
