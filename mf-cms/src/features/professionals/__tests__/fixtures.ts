import type { AdminProfessional, Customer } from '@especifica/mf-shared/contracts';

export const STORE = '0b6f6c1e-4a57-4c0e-9a55-3f7f2f7d1a01';
export const ANA = '5d1f3c1e-4a57-4c0e-9a55-3f7f2f7d1a02';

export const ana: AdminProfessional = {
  id: ANA,
  name: 'Ana Arquiteta',
  email: 'ana@especifica.dev',
  cpf: '52998224725',
  cellphone: '11987654321',
  profession: 'Arquiteto',
  status: 'active',
  behaviour: 'active',
  level: { level: 'Prata', points: 8250.5 },
  totalPoints: 8250.5,
  referenceStore: { id: STORE, name: 'Casa & Cia Centro' },
  referenceSeller: { id: 's1', name: 'Sérgio Vendedor' },
  createdAt: '2026-01-10T12:00:00Z',
};

export const customer: Customer = {
  id: 'c1',
  active: true,
  data: { name: 'Carlos Cliente', cpf: '11144477735', phone: null, email: 'carlos@example.com' },
  validUntil: '2026-03-01T12:00:00Z',
  expired: true,
  objectedAt: null,
  professional: { id: ANA, name: 'Ana Arquiteta' },
  createdAt: '2025-09-02T12:00:00Z',
};

export const page = (items: unknown[]) =>
  [200, { items, total: items.length, page: 1, limit: 25 }] as [number, unknown];
export const stores = page([{ id: STORE, name: 'Casa & Cia Centro' }]);
