import { defineMessage, defineMessages, type MessageDescriptor } from 'react-intl';
import type { AssignmentDecision, AssignmentStatus } from '../../../api/assignmentsApi';

export const assignmentMessages = defineMessages({
  loading: { id: 'assignment.loading', defaultMessage: 'Chargement du devoir…' },
  failed: { id: 'assignment.failed', defaultMessage: 'Le devoir n’a pas pu être chargé.' },
  retry: { id: 'assignment.retry', defaultMessage: 'Réessayer' },
  backToSubmissions: { id: 'assignment.backToSubmissions', defaultMessage: '← Tous les rendus' },
  submissionsTitle: { id: 'assignment.submissions.title', defaultMessage: 'Rendus des apprenants' },
  submissionsLead: { id: 'assignment.submissions.lead', defaultMessage: 'Les devoirs à corriger d’abord, puis les plus récents.' },
  filterLabel: { id: 'assignment.submissions.filter', defaultMessage: 'Afficher' },
  filterAll: { id: 'assignment.submissions.filterAll', defaultMessage: 'Tous' },
  learner: { id: 'assignment.submissions.learner', defaultMessage: 'Apprenant' },
  status: { id: 'assignment.submissions.status', defaultMessage: 'Statut' },
  startedAt: { id: 'assignment.submissions.startedAt', defaultMessage: 'Commencé le' },
  submittedAt: { id: 'assignment.submissions.submittedAt', defaultMessage: 'Dernier rendu' },
  notSubmitted: { id: 'assignment.submissions.notSubmitted', defaultMessage: 'Pas encore rendu' },
  emptyTitle: { id: 'assignment.submissions.emptyTitle', defaultMessage: 'Aucun rendu pour le moment' },
  emptyBody: { id: 'assignment.submissions.emptyBody', defaultMessage: 'Les devoirs de vos apprenants apparaîtront ici dès qu’ils l’auront commencé.' },
  emptyFiltered: { id: 'assignment.submissions.emptyFiltered', defaultMessage: 'Aucun devoir avec ce statut.' },
  historyTitle: { id: 'assignment.history.title', defaultMessage: 'Historique' },
  submissionsOfLearner: { id: 'assignment.submission.rendus', defaultMessage: 'Rendus' },
  noSubmission: { id: 'assignment.submission.none', defaultMessage: 'L’apprenant n’a encore rien rendu.' },
  noText: { id: 'assignment.submission.noText', defaultMessage: 'Aucun texte, seulement des fichiers.' },
  files: { id: 'assignment.submission.files', defaultMessage: 'Fichiers' },
  decisionTitle: { id: 'assignment.decision.title', defaultMessage: 'Votre décision' },
  decisionLabel: { id: 'assignment.decision.label', defaultMessage: 'Décision' },
  acceptDescription: { id: 'assignment.decision.acceptDescription', defaultMessage: 'Le devoir est validé : c’est définitif.' },
  rejectDescription: { id: 'assignment.decision.rejectDescription', defaultMessage: 'L’apprenant devra rendre un nouveau travail.' },
  correctionLabel: { id: 'assignment.decision.correctionLabel', defaultMessage: 'Commentaire pour l’apprenant' },
  correctionHint: { id: 'assignment.decision.correctionHint', defaultMessage: 'Obligatoire pour refuser : dites ce qu’il faut reprendre.' },
  decisionRequired: { id: 'assignment.decision.required', defaultMessage: 'Choisissez de valider ou de refuser le devoir.' },
  correctionRequired: { id: 'assignment.decision.correctionRequired', defaultMessage: 'Expliquez à l’apprenant ce qu’il doit reprendre.' },
  submitDecision: { id: 'assignment.decision.submit', defaultMessage: 'Envoyer la décision' },
  decided: { id: 'assignment.decision.decided', defaultMessage: 'Décision enregistrée.' },
  superseded: { id: 'assignment.decision.superseded', defaultMessage: 'Un autre membre de l’équipe a corrigé ce devoir avant vous : voici sa décision.' },
  threadTitle: { id: 'assignment.thread.title', defaultMessage: 'Échanges avec l’apprenant' },
  threadEmpty: { id: 'assignment.thread.empty', defaultMessage: 'Aucun message pour le moment.' },
  messageLabel: { id: 'assignment.thread.messageLabel', defaultMessage: 'Votre message' },
  messageEmpty: { id: 'assignment.thread.messageEmpty', defaultMessage: 'Écrivez un message avant de l’envoyer.' },
  send: { id: 'assignment.thread.send', defaultMessage: 'Envoyer' },
  deletedMember: { id: 'assignment.deletedMember', defaultMessage: 'Membre supprimé' },
});

export const statusLabels: Record<AssignmentStatus, MessageDescriptor> = defineMessages({
  PENDING_CUSTOMER: { id: 'assignment.status.pendingCustomer', defaultMessage: 'À rendre par l’apprenant' },
  PENDING_TEACHER: { id: 'assignment.status.pendingTeacher', defaultMessage: 'À corriger' },
  COMPLETED: { id: 'assignment.status.completed', defaultMessage: 'Validé' },
});

export const decisionLabels: Record<AssignmentDecision, MessageDescriptor> = defineMessages({
  ACCEPTED: { id: 'assignment.decision.accepted', defaultMessage: 'Valider' },
  REJECTED: { id: 'assignment.decision.rejected', defaultMessage: 'Refuser' },
});

export const decisionOutcomes: Record<AssignmentDecision, MessageDescriptor> = defineMessages({
  ACCEPTED: { id: 'assignment.outcome.accepted', defaultMessage: 'Validé' },
  REJECTED: { id: 'assignment.outcome.rejected', defaultMessage: 'Refusé' },
});

export const historyLabels = {
  assignment_started: defineMessage<{ name: string }>({ id: 'assignment.history.started', defaultMessage: '{name} a commencé le devoir' }),
  customer_submission: defineMessage<{ name: string }>({ id: 'assignment.history.submission', defaultMessage: '{name} a rendu son travail' }),
  teacher_validation: defineMessage<{ name: string; outcome: string }>({ id: 'assignment.history.validation', defaultMessage: '{name} a corrigé : {outcome}' }),
} as const;

export const submissionHeading = defineMessage<{ n: number }>({ id: 'assignment.submission.heading', defaultMessage: 'Rendu n° {n}' });
export const correctedBy = defineMessage<{ name: string; date: string }>({ id: 'assignment.submission.correctedBy', defaultMessage: 'Corrigé par {name} le {date}' });
export const pageTitle = defineMessage<{ name: string }>({ id: 'assignment.submission.title', defaultMessage: 'Devoir de {name}' });
