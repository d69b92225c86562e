import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { AiContentType } from '../../api/aiApi';

export const aiMessages = defineMessages({
  title: { id: 'ai.title', defaultMessage: 'Assistant IA' },
  navWrite: { id: 'ai.nav.write', defaultMessage: 'Rédiger' },
  navHistory: { id: 'ai.nav.history', defaultMessage: 'Historique' },
  navDashboard: { id: 'ai.nav.dashboard', defaultMessage: 'Crédits et packs' },
  navLabel: { id: 'ai.nav.label', defaultMessage: 'Pages de l’assistant IA' },
  notConfigured: {
    id: 'ai.notConfigured',
    defaultMessage: 'L’assistant IA n’est pas configuré sur cette plateforme : aucun texte ne peut être généré pour le moment. Votre historique reste consultable.',
  },
});

export const typeNames = defineMessages({
  title_ideas: { id: 'ai.type.title_ideas', defaultMessage: 'Idées de titres' },
  value_proposition: { id: 'ai.type.value_proposition', defaultMessage: 'Proposition de valeur' },
  outline: { id: 'ai.type.outline', defaultMessage: 'Plan de formation' },
  sales_page: { id: 'ai.type.sales_page', defaultMessage: 'Page de vente' },
} satisfies Record<AiContentType, MessageDescriptor>);

export const typeHints = defineMessages({
  title_ideas: { id: 'ai.hint.title_ideas', defaultMessage: 'Dix titres accrocheurs pour votre formation.' },
  value_proposition: { id: 'ai.hint.value_proposition', defaultMessage: 'La promesse de votre formation, pour qui, et ce qui la distingue.' },
  outline: { id: 'ai.hint.outline', defaultMessage: 'Des modules et des leçons, chacune avec son objectif.' },
  sales_page: { id: 'ai.hint.sales_page', defaultMessage: 'Une page de vente complète, de l’accroche à l’appel à l’action.' },
} satisfies Record<AiContentType, MessageDescriptor>);

export const AI_TYPES: readonly AiContentType[] = ['title_ideas', 'value_proposition', 'outline', 'sales_page'];
export const isAiType = (value: string | null): value is AiContentType => AI_TYPES.includes(value as AiContentType);
