import { defineMessage, defineMessages } from 'react-intl';

export const phoneMessages = defineMessages({
  title: { id: 'phoneCard.title', defaultMessage: 'Votre numéro de téléphone' },
  lead: { id: 'phoneCard.lead', defaultMessage: 'Pour que notre équipe puisse vous accompagner au lancement de votre offre.' },
  label: { id: 'phoneCard.label', defaultMessage: 'Téléphone' },
  hint: { id: 'phoneCard.hint', defaultMessage: 'Au format international, par exemple +33612345678.' },
  required: { id: 'phoneCard.required', defaultMessage: 'Ce champ est obligatoire.' },
  format: { id: 'phoneCard.format', defaultMessage: 'Indiquez un « + » suivi de 7 à 15 chiffres.' },
  save: { id: 'phoneCard.save', defaultMessage: 'Enregistrer' },
  saving: { id: 'phoneCard.saving', defaultMessage: 'Enregistrement…' },
  saved: { id: 'phoneCard.saved', defaultMessage: 'Merci, votre numéro est enregistré.' },
  failed: { id: 'phoneCard.failed', defaultMessage: "Votre numéro n'a pas pu être enregistré. Réessayez." },
  close: { id: 'phoneCard.close', defaultMessage: 'Fermer' },
});

export const announcementMessages = defineMessages({
  title: { id: 'announcement.title', defaultMessage: 'Offre de rentrée : -20 %' },
  body: {
    id: 'announcement.body',
    defaultMessage: "Jusqu'au 30 septembre, profitez de 20 % de réduction sur l'offre Pro et sur nos services d'accompagnement.",
  },
  cta: { id: 'announcement.cta', defaultMessage: 'Voir les offres' },
  dismiss: { id: 'announcement.dismiss', defaultMessage: 'Plus tard' },
});

export const promoCodeMessage = defineMessage<{ code: string }>({ id: 'announcement.code', defaultMessage: 'Votre code promo : {code}' });
