// Contacts: the executive's address book; the sandbox seeds it.
export { Contact } from './contact.entity.ts';
export { contactByNumber, draftContactByNumber } from './contact.queries.ts';
export { createContact } from './contact.service.ts';
export { contactsModule } from './contacts.module.ts';
