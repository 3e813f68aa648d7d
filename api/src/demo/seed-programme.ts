import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  accelerators,
  adminUsers,
  customerNotices,
  customers,
  customerWindows,
  experienceCategories,
  experiences,
  extraPointCampaigns,
  extraPointStores,
  faqEntries,
  invoiceLines,
  invoices,
  levels,
  notifications,
  products,
  professionals,
  professionRules,
  stores,
  storeUsers,
} from '../db/schema';
import { cycleStart } from '../domain/levels';
import { accessKeyCheckDigit } from '../files/nfe';
import type { Principal } from '../kernel/principal';
import { subscribe } from '../modules/experiences';
import { findCampaign, grant, professionalsIn, shopkeepersOf } from '../modules/extra-points';
import { changeInvoiceStatus, runAutomaticReview } from '../modules/invoices';
import type { FileStorage } from '../storage';
import {
  demoCatalogue,
  demoCpf,
  demoCustomerNames,
  demoFaq,
  demoPendingSellers,
  demoProfessionals,
  demoStores,
  demoUuid,
  finishes,
  seededRandom,
} from './data';
import { demoNfeXml, demoPdf, type Material, materialBoard } from './files';
import { DEMO_STORE_CNPJ } from './seed';
import { seedConsents } from './seed-accounts';

/** The demo programme's text for the professions with rules of their own (shown at sign-up and on /regulation). */
const demoProfessionTexts = {
  Arquiteto:
    'Arquitetos seguem o Código de Ética e Disciplina do CAU/BR: os benefícios do programa são informados ao cliente. Uma nota fiscal conta depois que o comprador foi avisado pelo programa ao ser cadastrado ou depois da sua declaração de que o informou.',
  'Designer de Interiores':
    'Como orienta a ABD, os benefícios do programa são informados ao cliente: uma nota fiscal conta depois que o comprador foi avisado pelo programa ou depois da sua declaração de que o informou.',
} as const;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const DAY = 86_400_000;
const PRODUCT_COUNT = 200;

/** Each category's materials for its pictures: the ground first, then the swatches laid on it. */
const CATEGORY_MATERIALS: Record<string, Material[]> = {
  REV: ['terracotta', 'marble'],
  MET: ['brass', 'marble'],
  LOU: ['marble', 'brass'],
  TIN: ['room', 'terracotta'],
  ILU: ['room', 'brass'],
  MOV: ['wood', 'terracotta'],
  PED: ['marble', 'wood'],
};

/** A picture's variation, from its record's key: the same picture on every seed. */
const pictureSeed = (key: string) => (createHash('sha256').update(`picture:${key}`).digest()[0] ?? 0) / 255;
/**
 * Apart from each other, the seed's writes to the ledger: a write's own entries (a credit and its few bonuses) are a
 * millisecond apart (postEntries), and those dated now are still behind the moment the seed's transaction ends.
 */
const WRITE_GAP_MS = 10;

/**
 * Instants of the seed's writes to the ledger, none of them shared: a real programme's movements each have their
 * own, and the ledger lists those of one instant by their random ids, so movements seeded at one instant (the
 * reviews dated at the cycle's start, the grants and subscriptions of the seed's transaction) came in another order on
 * each new demo. `at(date)` is `date`, or the first free instant after it, WRITE_GAP_MS apart.
 */
function distinctInstants() {
  const taken = new Set<number>();
  return (date: Date) => {
    let time = date.getTime();
    while (taken.has(time)) time += WRITE_GAP_MS;
    taken.add(time);
    return new Date(time);
  };
}

/** The date (São Paulo) `days` before `now`, as an invoice's issue date. */
const dateBefore = (now: Date, days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(now.getTime() - days * DAY));

const principalOf = (role: Principal['role'], id: string, name: string): Principal => ({
  id,
  role,
  name,
  shopkeeperType: null,
  linked: [],
});

/**
 * A living programme on top of the demo accounts (see seed.ts): partner stores and their teams, a catalogue,
 * invoices of the demo people in every status over the last twelve months with their files, accelerators,
 * extra-points campaigns, experiences, customers, notifications and the FAQ. Every change of points goes through the
 * programme's own services, so balances, levels and the ledger's invariants hold. It runs once: a second run finds
 * the first partner store and leaves everything as it is.
 */
export async function seedProgramme(db: Db, storage: FileStorage, now: Date = new Date()): Promise<boolean> {
  const files: { key: string; data: Buffer }[] = [];
  const seeded = await db.transaction(async (tx) => {
    // Two replicas starting together: the second waits here, then finds the programme there.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('especifica-demo-programme', 0))`);
    const first = demoStores[0]?.cnpj ?? '';
    if ((await tx.$count(stores, eq(stores.cnpj, first))) > 0) return false;
    await buildProgramme(tx, now, files);
    return true;
  });
  // The files are written after the rows commit; a file that fails to write leaves an invoice without its file.
  await Promise.all(files.map((file) => storage.put(file.key, file.data)));
  return seeded;
}

async function buildProgramme(tx: Tx, now: Date, files: { key: string; data: Buffer }[]) {
  const random = seededRandom(2026);
  const [admin] = await tx.select().from(adminUsers).where(eq(adminUsers.email, 'admin@especifica.dev'));
  const [demoStore] = await tx.select().from(stores).where(eq(stores.cnpj, DEMO_STORE_CNPJ));
  const demoPeople = await tx
    .select()
    .from(professionals)
    .where(inArray(professionals.email, ['ana@especifica.dev', 'eduardo@especifica.dev', 'marina@especifica.dev']));
  const [sergio] = await tx.select().from(storeUsers).where(eq(storeUsers.email, 'sergio@especifica.dev'));
  if (!admin || !demoStore || !sergio || demoPeople.length < 3) throw new Error('Seed the demo accounts first.');
  const person = (email: string) => demoPeople.find((p) => p.email === email) as typeof professionals.$inferSelect;
  const ana = person('ana@especifica.dev');
  const eduardo = person('eduardo@especifica.dev');
  const marina = person('marina@especifica.dev');
  const asAdmin = principalOf('admin', admin.id, admin.name);
  const passwordHash = sergio.passwordHash;

  // Stores and teams.
  await tx
    .update(stores)
    .set({
      email: 'contato@casaeacabamento.com.br',
      phone: '1130405060',
      address: {
        street: 'Avenida Paulista',
        number: '2001',
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
        zipCode: '01311300',
      },
    })
    .where(and(eq(stores.id, demoStore.id), sql`${stores.address} is null`));
  const storeRows = await tx
    .insert(stores)
    .values(
      demoStores.map((store) => ({
        id: demoUuid(store.key),
        cnpj: store.cnpj,
        name: store.name,
        email: store.email,
        phone: store.phone,
        address: store.address,
      })),
    )
    .returning();
  const allStores = [demoStore, ...storeRows];
  await tx.insert(storeUsers).values(
    demoStores.flatMap((store) =>
      store.team.map((member, i) => ({
        name: member.name,
        email: member.email,
        passwordHash,
        storeId: demoUuid(store.key),
        shopkeeperType: member.type,
        cpf: demoCpf(String(507_310_220 + store.key.length * 97 + i * 31)),
        acceptedTermsVersion: 2,
      })),
    ),
  );
  await tx.insert(storeUsers).values(
    demoPendingSellers.map((seller, i) => ({
      name: seller.name,
      email: seller.email,
      passwordHash,
      storeId: seller.store ? demoUuid(seller.store) : demoStore.id,
      shopkeeperType: 'seller' as const,
      approval: 'pending' as const,
      cpf: demoCpf(String(618_402_150 + i * 37)),
      cellphone: `1199${String(8_123_400 + i * 11)}`,
      acceptedTermsVersion: 2,
      acceptedTermsAt: new Date(),
    })),
  );

  // Professionals besides the demo logins; they joined through the partner stores over the last two years.
  const others = await tx
    .insert(professionals)
    .values(
      demoProfessionals.map((p, i) => ({
        id: demoUuid(p.key),
        name: p.name,
        email: p.email,
        // No password: these people are there to be seen in lists, rankings and experiences, not to sign in.
        passwordHash: '!',
        cpf: p.cpf,
        profession: p.profession,
        status: 'active' as const,
        referenceStoreId: allStores[i % allStores.length]?.id,
        acceptedTermsVersion: 2,
        emailConfirmedAt: new Date(now.getTime() - (60 + i * 45) * DAY),
        createdAt: new Date(now.getTime() - (60 + i * 45) * DAY),
        socialMedia: i % 2 === 0 ? { instagram: `@${p.email.split('@')[0]}` } : null,
      })),
    )
    .returning();

  // The catalogue: items crossed with brands, then finishes, until there are PRODUCT_COUNT products.
  const combos = demoCatalogue.flatMap((category) =>
    category.items.flatMap((item) => category.brands.map((brand) => ({ category, item, brand }))),
  );
  const catalogue: (typeof products.$inferInsert)[] = [];
  // A picture per brand of each category, of the category's materials: the products of one line share it.
  const pictures = new Map<string, Buffer>();
  const productPicture = (code: string, brand: string) => {
    const key = `products/${code}-${brand.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.png`;
    if (!pictures.has(key)) {
      const [ground, ...swatches] = CATEGORY_MATERIALS[code] ?? ['marble'];
      pictures.set(key, materialBoard(ground ?? 'marble', swatches, pictureSeed(key), { width: 320, height: 180 }));
    }
    return key;
  };
  const prices = new Map<string, number>();
  for (let round = 0; catalogue.length < PRODUCT_COUNT; round++) {
    for (const [index, { category, item, brand }] of combos.entries()) {
      if (catalogue.length >= PRODUCT_COUNT) break;
      const finish = finishes[(index + round * 3) % finishes.length];
      const sku = `${category.code}-${brand.slice(0, 3).toUpperCase()}-${String(index + 1).padStart(3, '0')}${round ? `-${round}` : ''}`;
      prices.set(sku, random.int(item.price[0], item.price[1]) * 100);
      catalogue.push({
        sku,
        name: `${item.name} ${finish}`,
        brand,
        category: category.name,
        imageKey: productPicture(category.code, brand),
        // A few are out of the programme (the admin sees them, participants do not).
        active: (index + round) % 23 !== 7,
      });
    }
  }
  await tx.insert(products).values(catalogue);
  for (const [key, data] of pictures) files.push({ key, data });
  const participating = catalogue.filter((product) => product.active);

  // Accelerators: one over, one running, one to come.
  await tx.insert(accelerators).values([
    {
      name: 'Semana Portobello',
      description: 'Pontos em dobro em todos os revestimentos Portobello.',
      multiplier: 200,
      targetType: 'brand',
      targetValue: 'Portobello',
      startsAt: new Date(now.getTime() - 200 * DAY),
      endsAt: new Date(now.getTime() - 170 * DAY),
    },
    {
      name: 'Mês dos Metais',
      description: 'Metais sanitários valem 50% a mais de pontos.',
      multiplier: 150,
      targetType: 'category',
      targetValue: 'Metais Sanitários',
      startsAt: new Date(now.getTime() - 20 * DAY),
      endsAt: new Date(now.getTime() + 25 * DAY),
    },
    {
      name: 'Aniversário Casa Moderna',
      description: 'Compras na Casa Moderna Acabamentos valem o triplo.',
      multiplier: 300,
      targetType: 'store',
      targetValue: demoUuid('casa-moderna'),
      startsAt: new Date(now.getTime() - 5 * DAY),
      endsAt: new Date(now.getTime() + 10 * DAY),
    },
    {
      name: 'Black Friday da Iluminação',
      description: 'Iluminação com pontos em dobro.',
      multiplier: 200,
      targetType: 'category',
      targetValue: 'Iluminação',
      startsAt: new Date(now.getTime() + 30 * DAY),
      endsAt: new Date(now.getTime() + 40 * DAY),
    },
  ]);

  // Customers of Ana: some inside their 180-day window, some whose window has closed.
  const customerRows = await tx
    .insert(customers)
    .values(
      demoCustomerNames.map((name, i) => {
        const since = 20 + i * 35;
        return {
          professionalId: ana.id,
          name,
          cpf: demoCpf(String(741_258_360 + i * 113)),
          phone: `119${String(81_000_000 + i * 1_234_567).slice(0, 8)}`,
          email: i % 3 === 0 ? null : `cliente${i + 1}@exemplo.com.br`,
          validUntil: new Date(now.getTime() + (180 - since) * DAY),
          createdAt: new Date(now.getTime() - since * DAY),
        };
      }),
    )
    .returning();
  await tx
    .insert(customerWindows)
    .values(customerRows.map((row) => ({ customerId: row.id, startsAt: row.createdAt, endsAt: row.validUntil })));
  // Those registered with an e-mail received the programme's notice (docs/privacy.md): under the architects' rule of
  // client disclosure, their purchases count at once; an invoice for one without it waits for Ana's declaration.
  const told = customerRows.filter((row) => row.email !== null);
  if (told.length > 0) {
    await tx.insert(customerNotices).values(
      told.map((row) => ({
        customerId: row.id,
        email: row.email as string,
        tokenHash: createHash('sha256').update(`demo-notice-${row.id}`).digest('base64url'),
        expiresAt: row.validUntil,
        createdAt: row.createdAt,
      })),
    );
  }

  // Invoices: the demo people's over twelve months, in every status; the other professionals' approved ones.
  type Plan = {
    owner: typeof professionals.$inferSelect;
    daysAgo: number;
    status: 'pending' | 'approved' | 'rejected' | 'cancelled';
    store: typeof stores.$inferSelect;
    bySeller: boolean;
    customer?: (typeof customerRows)[number];
    lines: number;
    /** The file, when not the alternation of XMLs and PDFs; `buyer: 'owner'`: the NF-e names the owner's own CPF. */
    file?: 'xml' | 'pdf';
    buyer?: 'owner';
  };
  const plans: Plan[] = [];
  const statusFor = (i: number, daysAgo: number): Plan['status'] =>
    daysAgo < 12 ? 'pending' : i % 9 === 4 ? 'rejected' : i % 11 === 7 ? 'cancelled' : 'approved';
  for (let i = 0; i < 18; i++) {
    const daysAgo = 3 + i * 20;
    plans.push({
      owner: ana,
      daysAgo,
      status: statusFor(i, daysAgo),
      store: allStores[i % allStores.length] as typeof demoStore,
      bySeller: i % allStores.length === 0 && i % 2 === 0,
      customer: customerRows[i % customerRows.length],
      lines: 1 + (i % 3),
      // Her invoice waiting for review came as a DANFE PDF: the automatic review leaves it to the team (no signature).
      ...(i === 0 && { file: 'pdf' as const }),
    });
  }
  for (let i = 0; i < 6; i++) {
    const daysAgo = 5 + i * 60;
    plans.push({
      owner: eduardo,
      daysAgo,
      status: statusFor(i + 1, daysAgo),
      store: allStores[(i + 2) % allStores.length] as typeof demoStore,
      bySeller: false,
      lines: 1,
    });
  }
  for (let i = 0; i < 4; i++) {
    const daysAgo = 8 + i * 90;
    plans.push({
      owner: marina,
      daysAgo,
      status: statusFor(i + 3, daysAgo),
      store: allStores[(i + 1) % allStores.length] as typeof demoStore,
      bySeller: false,
      lines: 2,
    });
  }
  for (const [i, other] of others.entries()) {
    for (let n = 0; n < 1; n++) {
      plans.push({
        owner: other,
        daysAgo: 15 + n * 150 + i * 3,
        status: 'approved',
        store: allStores[(i + n) % allStores.length] as typeof demoStore,
        bySeller: false,
        lines: 2,
      });
    }
  }
  // Sent two days ago with its store's signed NF-e naming the buyer's own CPF: the automatic review approves it at
  // seed time (below), every rule held, and samples it into the conferência.
  const autoApproved = others[0] as typeof ana;
  plans.push({
    owner: autoApproved,
    daysAgo: 2,
    status: 'pending',
    store: allStores[1] as typeof demoStore,
    bySeller: false,
    lines: 1,
    file: 'xml',
    buyer: 'owner',
  });
  // Ana stays at Prata and Eduardo at Bronze (the README's demo logins say so): their lines stay small.
  const budget = (owner: Plan['owner']) => (owner.id === ana.id ? 30_000 : owner.id === eduardo.id ? 20_000 : 400_000);
  // The other professionals earn enough to pay for the experiences they join below.
  const floor = (owner: Plan['owner']) => (demoPeople.some((p) => p.id === owner.id) ? 0 : 110_000);

  let number = 18_000;
  const invoiceRows: (typeof invoices.$inferInsert)[] = [];
  const lineRows: (typeof invoiceLines.$inferInsert)[] = [];
  const reviews: { id: string; status: Plan['status']; at: Date; reason?: string }[] = [];
  for (const [index, plan] of plans.entries()) {
    number += random.int(1, 40);
    const id = demoUuid(`invoice-${index}`);
    const issuedOn = dateBefore(now, plan.daysAgo);
    const lines = Array.from({ length: plan.lines }, (_, position) => {
      const product = random.pick(participating);
      const quantity = random.int(1, 4);
      const price = (prices.get(product.sku) ?? 0) * quantity;
      // A cap drawn per line keeps the demo people's totals varied and small.
      const cap = (budget(plan.owner) * (0.3 + 0.7 * random.next())) / plan.lines;
      const total = Math.max(floor(plan.owner), Math.round(Math.min(price, cap) / 10) * 10);
      return {
        invoiceId: id,
        position: position + 1,
        sku: product.sku,
        description: product.name,
        quantity: String(quantity),
        total,
      };
    });
    const total = lines.reduce((sum, line) => sum + line.total, 0);
    const storeInfo = demoStores.find((s) => s.cnpj === plan.store.cnpj);
    const city = storeInfo?.address.city ?? 'São Paulo';
    const state = storeInfo?.address.state ?? 'SP';
    const withXml = plan.file ? plan.file === 'xml' : index % 2 === 0;
    const first43 = `35${issuedOn.slice(2, 4)}${issuedOn.slice(5, 7)}${plan.store.cnpj}55001${String(number).padStart(9, '0')}1${String(
      number * 7,
    )
      .padStart(8, '0')
      .slice(-8)}`;
    const key = withXml ? `${first43}${accessKeyCheckDigit(first43)}` : null;
    const fileKey = `invoices/${id}.${withXml ? 'xml' : 'pdf'}`;
    const customer = plan.customer
      ? { cpf: plan.customer.cpf, name: plan.customer.name }
      : plan.buyer === 'owner' && plan.owner.cpf
        ? { cpf: plan.owner.cpf, name: plan.owner.name }
        : null;
    files.push({
      key: fileKey,
      data:
        withXml && key
          ? Buffer.from(
              demoNfeXml({
                key,
                number: String(number),
                series: '1',
                issuedOn,
                store: { cnpj: plan.store.cnpj, name: plan.store.name, city, state },
                customer,
                lines: lines.map((line) => ({ ...line, quantity: Number(line.quantity) })),
              }),
            )
          : demoPdf([
              `DANFE - Nota fiscal ${number}, série 1`,
              `${plan.store.name} - CNPJ ${plan.store.cnpj}`,
              `Emitida em ${issuedOn.split('-').reverse().join('/')}`,
              ...lines.map(
                (line) =>
                  `${line.quantity} x ${line.description} (${line.sku}): R$ ${(line.total / 100).toFixed(2).replace('.', ',')}`,
              ),
              `Total: R$ ${(total / 100).toFixed(2).replace('.', ',')}`,
            ]),
    });
    const createdAt = new Date(now.getTime() - (plan.daysAgo - 1) * DAY);
    invoiceRows.push({
      id,
      professionalId: plan.owner.id,
      storeId: plan.store.id,
      shopkeeperId: plan.bySeller ? sergio.id : null,
      customerId: plan.customer?.id ?? null,
      number: String(number),
      series: '1',
      accessKey: key,
      issuedOn,
      total,
      customerCpf: customer?.cpf ?? null,
      customerName: customer?.name ?? null,
      fileKey,
      // An XML's signature, as the upload reads it: the store's demo certificate (nfe-signing.ts) signed it.
      ...(withXml && {
        signature: 'verified' as const,
        signerName: plan.store.name.toUpperCase(),
        signerCnpj: plan.store.cnpj,
        issuedAt: new Date(`${issuedOn}T10:00:00-03:00`),
      }),
      submittedBy: plan.bySeller ? `shopkeeper:${sergio.id}` : `professional:${plan.owner.id}`,
      createdAt,
      updatedAt: createdAt,
    });
    lineRows.push(...lines);
    if (plan.status !== 'pending') {
      reviews.push({
        id,
        status: plan.status,
        at: new Date(createdAt.getTime() + 2 * DAY),
        reason: plan.status === 'rejected' ? 'A nota fiscal enviada está ilegível.' : undefined,
      });
    }
  }
  await tx.insert(invoices).values(invoiceRows);
  await tx.insert(invoiceLines).values(lineRows);
  // Reviews go through the programme's own transitions (points, bonus, share, reversal, notifications, audit).
  // Their ledger entries are dated at the review, so the extract and the charts show a year of history; never before
  // the current cycle began, so the demo people keep the levels the README gives them on any day of the year.
  // In the order they happened, so that those dated at the cycle's start keep that order a moment apart; a
  // cancellation is dated a moment after the approval it undoes.
  const cycleBegan = cycleStart(now);
  const at = distinctInstants();
  for (const review of [...reviews].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const first = review.status === 'rejected' ? 'rejected' : 'approved';
    const datedAt = at(new Date(Math.max(review.at.getTime(), cycleBegan.getTime())));
    await changeInvoiceStatus(tx, asAdmin, review.id, first, review.reason, review.at, datedAt);
    if (review.status === 'cancelled') {
      const undone = at(datedAt);
      await changeInvoiceStatus(tx, asAdmin, review.id, 'cancelled', 'Venda desfeita pela loja.', review.at, undone);
    }
    await tx.update(invoices).set({ updatedAt: review.at }).where(eq(invoices.id, review.id));
  }
  // The automatic review (on in the demo) decides the invoices waiting now, as its job would minutes after start:
  // through its own service, as "Sistema", audited rule by rule. The demo opens as it stays: the invoice that holds
  // every rule approved (and, drawn at once, in the conferência), each other one pending on the rule it failed (Ana's
  // PDF on its signature, Eduardo's and Marina's NF-e naming no buyer of theirs on the buyer).
  // Its credit takes an instant of its own, as every movement the seed writes (the transaction's clock is one instant).
  await runAutomaticReview(
    tx,
    now,
    () => 0,
    () => at(now),
  );

  // Extra-points campaigns: one closed, two open (one for shopkeepers); their QR code opens the campaign by its id.
  const campaignValues = [
    {
      key: 'campaign-feira',
      name: 'Visita à Expo Revestir',
      description: 'Pontos para quem visitou nosso estande na Expo Revestir.',
      amount: 300_00,
      audience: 'professional' as const,
      startsAt: new Date(now.getTime() - 120 * DAY),
      endsAt: new Date(now.getTime() - 100 * DAY),
    },
    {
      key: 'campaign-palestra',
      name: 'Palestra Tendências 2027',
      description: 'Escaneie o QR code da palestra e ganhe pontos.',
      amount: 150_00,
      audience: 'professional' as const,
      startsAt: new Date(now.getTime() - 7 * DAY),
      endsAt: new Date(now.getTime() + 21 * DAY),
    },
    {
      key: 'campaign-lojas',
      name: 'Meta de vendas do trimestre',
      description: 'Equipes das lojas que bateram a meta.',
      amount: 200_00,
      audience: 'shopkeeper' as const,
      startsAt: new Date(now.getTime() - 30 * DAY),
      endsAt: new Date(now.getTime() + 60 * DAY),
    },
  ];
  await tx.insert(extraPointCampaigns).values(
    campaignValues.map(({ key, ...campaign }) => ({
      id: demoUuid(key),
      ...campaign,
      // A fixed secret per demo campaign, like the experiences' QR codes: the demo's QR codes stay the same.
      qrCode: createHash('sha256').update(`campaign-qr:${key}`).digest('hex').slice(0, 32),
    })),
  );
  const closed = await findCampaign(tx, demoUuid('campaign-feira'));
  await grant(
    tx,
    closed,
    professionalsIn([ana.id, eduardo.id, ...others.slice(0, 4).map((p) => p.id)]),
    'qrcode',
    'seed',
    // No worker runs yet: the demo's notices are written with its grants.
    undefined,
    at(now),
  );
  const open = await findCampaign(tx, demoUuid('campaign-palestra'));
  await grant(
    tx,
    open,
    professionalsIn(others.slice(2, 6).map((p) => p.id)),
    'admin',
    `admin:${admin.id}`,
    undefined,
    at(now),
  );
  const teamsCampaign = await findCampaign(tx, demoUuid('campaign-lojas'));
  for (const store of [demoStore, storeRows[0]]) {
    if (!store) continue;
    await tx.insert(extraPointStores).values({ campaignId: teamsCampaign.id, storeId: store.id });
    await grant(tx, teamsCampaign, shopkeepersOf(store.id), 'store', `admin:${admin.id}`, undefined, at(now));
  }

  // Experiences: past, upcoming, sold out, above a level, and one for shopkeepers; each with its picture.
  const categoryValues = [
    { name: 'Viagens técnicas', type: 'professional' as const },
    { name: 'Cursos e workshops', type: 'professional' as const },
    { name: 'Treinamentos', type: 'shopkeeper' as const },
  ];
  await tx.insert(experienceCategories).values(categoryValues).onConflictDoNothing();
  // An admin may have made one of these already (on PostgreSQL with data): the experiences go into it.
  const categoryRows = await tx.select().from(experienceCategories);
  const [forProfessionals, courses, forShopkeepers] = categoryValues.map((value) =>
    categoryRows.find((row) => row.name === value.name && row.type === value.type),
  );
  const levelRows = await tx.select().from(levels);
  const diamante = levelRows.find((level) => level.name === 'Diamante');
  const secret = (name: string) => createHash('sha256').update(`qr:${name}`).digest('hex').slice(0, 32);
  // Each picture's variation, from its experience's key: the same picture on every seed.

  const experienceValues = [
    {
      key: 'exp-iluminacao',
      category: courses,
      name: 'Workshop de iluminação residencial',
      place: 'Showroom Lumini, São Paulo',
      days: 14,
      seats: 25,
      cost: 300_00,
      attendance: 50_00,
      picture: { ground: 'room', swatches: ['brass'] } as const,
    },
    {
      key: 'exp-fabrica',
      category: forProfessionals,
      name: 'Visita técnica à fábrica Portobello',
      place: 'Tijucas, SC',
      days: 24,
      seats: 30,
      cost: 1_500_00,
      attendance: 100_00,
      picture: { ground: 'terracotta', swatches: ['marble'] } as const,
    },
    {
      key: 'exp-bim',
      category: courses,
      name: 'Curso de BIM para interiores',
      place: 'Online, ao vivo',
      days: 35,
      seats: 40,
      cost: 800_00,
      attendance: 0,
      picture: { ground: 'room', swatches: ['wood', 'marble'] } as const,
    },
    {
      key: 'exp-jantar',
      category: courses,
      name: 'Jantar com designers convidados',
      place: 'Restaurante Figueira, São Paulo',
      days: 18,
      seats: 3,
      cost: 500_00,
      attendance: 0,
      picture: { ground: 'wood', swatches: ['brass', 'terracotta'] } as const,
    },
    {
      key: 'exp-milao',
      category: forProfessionals,
      name: 'Viagem ao Salone del Mobile, Milão',
      place: 'Milão, Itália',
      days: 140,
      seats: 10,
      cost: 20_000_00,
      attendance: 0,
      minLevelId: diamante?.id ?? null,
      picture: { ground: 'marble', swatches: ['wood', 'brass'] } as const,
    },
    {
      key: 'exp-vendas',
      category: forShopkeepers,
      name: 'Treinamento de vendas consultivas',
      place: 'Online, ao vivo',
      days: 12,
      seats: 50,
      cost: 100_00,
      attendance: 0,
      picture: { ground: 'brass', swatches: ['marble'] } as const,
    },
  ];
  for (const experience of experienceValues) {
    if (!experience.category) continue;
    const id = demoUuid(experience.key);
    const imageKey = `experiences/${id}.png`;
    const { ground, swatches } = experience.picture;
    files.push({ key: imageKey, data: materialBoard(ground, swatches, pictureSeed(experience.key)) });
    await tx.insert(experiences).values({
      id,
      categoryId: experience.category.id,
      name: experience.name,
      description: `${experience.name}: uma experiência do programa Especifica para quem especifica com as marcas parceiras.`,
      place: experience.place,
      happensAt: new Date(now.getTime() + experience.days * DAY),
      imageKey,
      seats: experience.seats,
      minLevelId: 'minLevelId' in experience ? experience.minLevelId : null,
      cost: experience.cost,
      qrCode: secret(experience.key),
      attendancePoints: experience.attendance,
    });
  }
  const asPerson = (p: typeof professionals.$inferSelect) => principalOf('professional', p.id, p.name);
  const subscriptions: [Principal, string][] = [
    [asPerson(ana), 'exp-iluminacao'],
    [asPerson(ana), 'exp-bim'],
    ...others.slice(0, 3).map((p) => [asPerson(p), 'exp-jantar'] as [Principal, string]),
    ...others.slice(3, 5).map((p) => [asPerson(p), 'exp-iluminacao'] as [Principal, string]),
    ...others.slice(1, 4).map((p) => [asPerson(p), 'exp-fabrica'] as [Principal, string]),
    [{ ...principalOf('shopkeeper', sergio.id, sergio.name), shopkeeperType: 'seller' }, 'exp-vendas'],
  ];
  for (const [who, key] of subscriptions) await subscribe(tx, who, demoUuid(key), now, at(now));
  // The workshop happened a month ago: it was joined while it was ahead, as a real one would have been.
  await tx
    .update(experiences)
    .set({ happensAt: new Date(now.getTime() - 30 * DAY) })
    .where(eq(experiences.id, demoUuid('exp-iluminacao')));

  // Notifications keep the dates of what they tell; those older than three weeks were read.
  await tx.execute(sql`
    update ${notifications} n set created_at = i.updated_at,
      read_at = case when i.updated_at < ${new Date(now.getTime() - 21 * DAY).toISOString()}::timestamptz then i.updated_at + interval '1 day' end
    from ${invoices} i where n.data->>'invoiceId' = i.id::text`);
  await tx
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.type, 'extra-points'), eq(notifications.recipientId, eduardo.id)));

  // Rules per profession (domain.md), in force from now: architects and interior designers earn points once the
  // client was told, the others follow the programme's defaults. Ana's invoice waiting for review is for a customer
  // registered without an e-mail, so it waits for her declaration.
  await tx.insert(professionRules).values(
    (['Arquiteto', 'Designer de Interiores'] as const).map((profession) => ({
      profession,
      clientDisclosure: true,
      text: demoProfessionTexts[profession],
      updatedBy: 'system',
    })),
  );

  // The FAQ, in the order it is written by topic.
  await tx.insert(faqEntries).values(demoFaq.map((entry, position) => ({ ...entry, position })));

  // The consent records of everybody made here, as of the demo logins: the admin finds them on each person's page.
  await seedConsents(tx, [
    ...demoStores.flatMap((store) => store.team.map((member) => member.email)),
    ...demoPendingSellers.map((seller) => seller.email),
    ...demoProfessionals.map((professional) => professional.email),
  ]);
}
