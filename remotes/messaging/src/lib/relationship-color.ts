import type { ContactRelationship } from '@annie/contracts/contacts';

type BadgeColor = 'red' | 'blue' | 'green' | 'purple' | 'amber' | 'gray';

/** The colour each relationship is shown in, on contact rows and thread rows alike. */
export const RELATIONSHIP_COLOR: Record<ContactRelationship, BadgeColor> = {
  family: 'red',
  friend: 'blue',
  work: 'green',
  medical: 'purple',
  service: 'amber',
  other: 'gray',
};

/** "family" → "Family". */
export function relationshipLabel(relationship: ContactRelationship): string {
  return relationship.charAt(0).toUpperCase() + relationship.slice(1);
}
