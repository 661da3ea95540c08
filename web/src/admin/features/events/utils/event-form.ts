import type { FieldPath } from 'react-hook-form';
import { z } from 'zod';
import type { components } from '@/lib/api/schema';

/** The create-event dialog's tabs, in order (admin spec section 2). */
export const TABS = ['details', 'data', 'dates', 'categories', 'template', 'discounts'] as const;

/** One tab of the create-event dialog. */
export type Tab = (typeof TABS)[number];

/** A key/value feature of the event's product data (the DATA tab). */
export interface Feature {
  key: string;
  value: string;
}

/** An option of the event's category (name, short name, pre-ticked, not choosable). */
export interface CategoryOption {
  name: string;
  shortName: string;
  checked: boolean;
  disabled: boolean;
}

/** A yes/no choice not made yet (''). */
export type Choice = '' | 'yes' | 'no';

/**
 * The create-event form (admin spec section 3). Inputs hold text as typed; numbers and dates are read
 * when the payload is built (toPayload).
 */
export interface EventFormValues {
  name: string;
  price: string;
  idLocalProduct: string;
  /** Empty: unlimited. */
  stock: string;
  teamEvent: '' | 'TEAM' | 'INDIVIDUAL';
  addToLandingPage: Choice;
  /** The sentence each registrant ticks (the ticket's age or rules checkbox); empty: none. */
  checkboxText: string;
  /** A short line shown with the ticket; empty: none. */
  promotionText: string;
  /** The price before an offer, shown struck through; empty: none. */
  oldPrice: string;
  /** The fewest participants per registration; empty: no minimum. */
  minParticipant: string;
  exclusivity: boolean;
  /** Other product data, as key and value (keys of the circuit's own). */
  features: Feature[];
  /** datetime-local text, "YYYY-MM-DDTHH:mm", circuit-local time. */
  dateIni: string;
  dateEnd: string;
  categoryTitle: string;
  excludingCategory: Choice;
  categoryOptions: CategoryOption[];
  templateHtml: string;
  applyDiscount: Choice;
  discountId: string;
  discountPrice: string;
  /** date text, "YYYY-MM-DD"; empty: never expires. */
  expirationDate: string;
  /** Empty: unlimited. */
  discountStock: string;
}

/** The empty form, where the dialog starts and where clear returns. */
export const EMPTY_EVENT_FORM: EventFormValues = {
  name: '',
  price: '',
  idLocalProduct: '',
  stock: '',
  teamEvent: '',
  addToLandingPage: '',
  checkboxText: '',
  promotionText: '',
  oldPrice: '',
  minParticipant: '',
  exclusivity: false,
  features: [],
  dateIni: '',
  dateEnd: '',
  categoryTitle: '',
  excludingCategory: '',
  categoryOptions: [],
  templateHtml: '',
  applyDiscount: '',
  discountId: '',
  discountPrice: '',
  expirationDate: '',
  discountStock: '',
};

/**
 * The product-data keys the server knows (admin spec section 3): each has its own named field in the DATA
 * tab, and none can be typed as an other key.
 */
export const KNOWN_FEATURES = ['checkboxText', 'promotionText', 'oldPrice', 'minParticipant', 'exclusivity'] as const;

/** A known product-data key. */
export type KnownFeature = (typeof KNOWN_FEATURES)[number];

/** The longest checkbox or promotion text the server takes. */
export const MAX_FEATURE_TEXT = 500;

/** The tab each form field is on (a field's first path segment). */
export const TAB_OF: Record<keyof EventFormValues, Tab> = {
  name: 'details',
  price: 'details',
  idLocalProduct: 'details',
  stock: 'details',
  teamEvent: 'details',
  addToLandingPage: 'details',
  checkboxText: 'data',
  promotionText: 'data',
  oldPrice: 'data',
  minParticipant: 'data',
  exclusivity: 'data',
  features: 'data',
  dateIni: 'dates',
  dateEnd: 'dates',
  categoryTitle: 'categories',
  excludingCategory: 'categories',
  categoryOptions: 'categories',
  templateHtml: 'template',
  applyDiscount: 'discounts',
  discountId: 'discounts',
  discountPrice: 'discounts',
  expirationDate: 'discounts',
  discountStock: 'discounts',
};

/** The fields of a tab, in the order it shows them. */
export function fieldsOf(tab: Tab): (keyof EventFormValues)[] {
  return (Object.keys(TAB_OF) as (keyof EventFormValues)[]).filter((field) => TAB_OF[field] === tab);
}

/**
 * Error messages, as keys of the events namespace's `errors` (the dialog translates them).
 */
export type EventFormError =
  | 'required'
  | 'number'
  | 'wholeNumber'
  | 'endBeforeStart'
  | 'excludingRequired'
  | 'optionRequired'
  | 'featureNumber'
  | 'featureRepeated'
  | 'featureKnown'
  | 'textTooLong'
  | 'oldPriceTooLow'
  | 'codeInvalid'
  | 'codeTaken'
  | 'inPast'
  | 'discountTooHigh'
  | 'shortNameTooLong'
  | 'belowTaken'
  | 'invalidField';

const NUMBER = /^\d+([.,]\d{1,2})?$/;
const WHOLE = /^\d+$/;
/** A discount code as the server takes it: 3–40 letters, digits, '-' or '_'. */
const CODE = /^[A-Za-z0-9_-]{3,40}$/;
/** The longest short name of a category option. */
export const MAX_SHORT_NAME = 20;

/** A money text ("12", "12.5", "12,50") as a number; NaN when it is not one. */
export function parseMoney(text: string): number {
  const trimmed = text.trim();
  return NUMBER.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN;
}

const required = (ctx: z.RefinementCtx, value: string, path: (string | number)[]) => {
  if (value.trim() === '') ctx.addIssue({ code: 'custom', path, message: 'required' satisfies EventFormError });
};

/**
 * The create-event rules (admin spec section 5): the required fields; a positive money price; whole stocks;
 * the end after the start; categories (a title or options need the excluding choice, a title or choice
 * need an option); a discount's code and value when applied; known feature values typed (minParticipant a
 * whole number, exclusivity true or false) and no key twice.
 */
export const eventFormSchema = z
  .object({
    name: z.string(),
    price: z.string(),
    idLocalProduct: z.string(),
    stock: z.string(),
    teamEvent: z.enum(['', 'TEAM', 'INDIVIDUAL']),
    addToLandingPage: z.enum(['', 'yes', 'no']),
    checkboxText: z.string(),
    promotionText: z.string(),
    oldPrice: z.string(),
    minParticipant: z.string(),
    exclusivity: z.boolean(),
    features: z.array(z.object({ key: z.string(), value: z.string() })),
    dateIni: z.string(),
    dateEnd: z.string(),
    categoryTitle: z.string(),
    excludingCategory: z.enum(['', 'yes', 'no']),
    categoryOptions: z.array(z.object({ name: z.string(), shortName: z.string(), checked: z.boolean(), disabled: z.boolean() })),
    templateHtml: z.string(),
    applyDiscount: z.enum(['', 'yes', 'no']),
    discountId: z.string(),
    discountPrice: z.string(),
    expirationDate: z.string(),
    discountStock: z.string(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: (string | number)[], message: EventFormError) => ctx.addIssue({ code: 'custom', path, message });
    // details
    required(ctx, v.name, ['name']);
    if (v.price.trim() === '') issue(['price'], 'required');
    else if (Number.isNaN(parseMoney(v.price))) issue(['price'], 'number');
    required(ctx, v.idLocalProduct, ['idLocalProduct']);
    if (v.stock.trim() !== '' && !WHOLE.test(v.stock.trim())) issue(['stock'], 'wholeNumber');
    if (v.teamEvent === '') issue(['teamEvent'], 'required');
    if (v.addToLandingPage === '') issue(['addToLandingPage'], 'required');
    // DATA: the named fields, then the other keys (none a known key, none twice)
    if (v.checkboxText.trim().length > MAX_FEATURE_TEXT) issue(['checkboxText'], 'textTooLong');
    if (v.promotionText.trim().length > MAX_FEATURE_TEXT) issue(['promotionText'], 'textTooLong');
    if (v.oldPrice.trim() !== '') {
      if (Number.isNaN(parseMoney(v.oldPrice))) issue(['oldPrice'], 'number');
      else if (!Number.isNaN(parseMoney(v.price)) && parseMoney(v.oldPrice) <= parseMoney(v.price)) issue(['oldPrice'], 'oldPriceTooLow');
    }
    if (v.minParticipant.trim() !== '' && !(WHOLE.test(v.minParticipant.trim()) && Number(v.minParticipant) >= 1)) issue(['minParticipant'], 'featureNumber');
    const seen = new Set<string>();
    v.features.forEach((feature, i) => {
      const key = feature.key.trim();
      if ((KNOWN_FEATURES as readonly string[]).includes(key)) issue(['features', i, 'key'], 'featureKnown');
      else if (seen.has(key)) issue(['features', i, 'key'], 'featureRepeated');
      seen.add(key);
    });
    // dates
    required(ctx, v.dateIni, ['dateIni']);
    required(ctx, v.dateEnd, ['dateEnd']);
    if (v.dateIni && v.dateEnd && v.dateEnd <= v.dateIni) issue(['dateEnd'], 'endBeforeStart');
    // categories
    const hasTitle = v.categoryTitle.trim() !== '';
    if ((hasTitle || v.categoryOptions.length > 0) && v.excludingCategory === '') issue(['excludingCategory'], 'excludingRequired');
    if ((hasTitle || v.excludingCategory !== '') && v.categoryOptions.length === 0) issue(['categoryOptions'], 'optionRequired');
    if (v.categoryOptions.some((o) => o.shortName.trim().length > MAX_SHORT_NAME)) issue(['categoryOptions'], 'shortNameTooLong');
    // template
    required(ctx, v.templateHtml, ['templateHtml']);
    // discounts
    if (v.applyDiscount === '') issue(['applyDiscount'], 'required');
    if (v.applyDiscount === 'yes') {
      if (v.discountId.trim() === '') issue(['discountId'], 'required');
      else if (!CODE.test(v.discountId.trim())) issue(['discountId'], 'codeInvalid');
      if (v.discountPrice.trim() === '') issue(['discountPrice'], 'required');
      else if (Number.isNaN(parseMoney(v.discountPrice))) issue(['discountPrice'], 'number');
      else if (parseMoney(v.discountPrice) <= 0 || parseMoney(v.discountPrice) > parseMoney(v.price)) issue(['discountPrice'], 'discountTooHigh');
      if (v.discountStock.trim() !== '' && !WHOLE.test(v.discountStock.trim())) issue(['discountStock'], 'wholeNumber');
    }
  });

/** The tabs that have at least one error in these values. */
export function tabsWithErrors(values: EventFormValues): Set<Tab> {
  const result = eventFormSchema.safeParse(values);
  const tabs = new Set<Tab>();
  if (result.success) return tabs;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof EventFormValues | undefined;
    if (field && field in TAB_OF) tabs.add(TAB_OF[field]);
  }
  return tabs;
}

/** Whether a tab can be opened: every tab before it is free of errors (admin spec section 2). */
export function isTabUnlocked(tab: Tab, withErrors: ReadonlySet<Tab>): boolean {
  return TABS.slice(0, TABS.indexOf(tab)).every((earlier) => !withErrors.has(earlier));
}

/** The form values after choosing whether a discount applies: 'no' clears code, value and date. */
export function chooseDiscount(values: EventFormValues, choice: Choice): EventFormValues {
  if (choice !== 'no') return { ...values, applyDiscount: choice };
  return { ...values, applyDiscount: 'no', discountId: '', discountPrice: '', expirationDate: '', discountStock: '' };
}

/** What POST /api/event/createFullEvent takes (admin spec section 3). */
export type CreateEventPayload = components['schemas']['CreateFullEventRequest'];

/**
 * The ticket's product data: the named fields that are filled (texts as text, the old price and the
 * minimum as numbers, exclusivity only when on), then the other keys as text.
 */
export function productDataOf(v: EventFormValues): Record<string, string | number | boolean> {
  const data: Record<string, string | number | boolean> = {};
  if (v.checkboxText.trim()) data.checkboxText = v.checkboxText.trim();
  if (v.promotionText.trim()) data.promotionText = v.promotionText.trim();
  if (v.oldPrice.trim()) data.oldPrice = parseMoney(v.oldPrice);
  if (v.minParticipant.trim()) data.minParticipant = Number(v.minParticipant.trim());
  if (v.exclusivity) data.exclusivity = true;
  for (const f of v.features) data[f.key.trim()] = f.value.trim();
  return data;
}

/**
 * The create-event payload of valid form values (admin spec section 3): the stocks null when empty;
 * `categorys` only when the excluding choice is made, its options as a JSON array text; `discount` only
 * when applied, its date and stock null when empty.
 */
export function toPayload(idCompany: number, v: EventFormValues): CreateEventPayload {
  const productData = productDataOf(v);
  return {
    idCompany,
    event: {
      name: v.name.trim(),
      price: parseMoney(v.price),
      idLocalProduct: v.idLocalProduct.trim(),
      maxStock: v.stock.trim() === '' ? null : Number(v.stock),
      teamEvent: v.teamEvent === 'TEAM',
      dateIni: v.dateIni,
      dateEnd: v.dateEnd,
      ...(Object.keys(productData).length > 0 ? { productData } : {}),
    },
    templateHtml: v.templateHtml,
    addToLandingPage: v.addToLandingPage === 'yes',
    ...(v.excludingCategory !== ''
      ? {
          categorys: {
            title: v.categoryTitle.trim(),
            excluding: v.excludingCategory === 'yes',
            options: JSON.stringify(v.categoryOptions),
          },
        }
      : {}),
    ...(v.applyDiscount === 'yes'
      ? {
          discount: {
            code: v.discountId.trim(),
            price: parseMoney(v.discountPrice),
            expirationDate: v.expirationDate || null,
            stock: v.discountStock.trim() === '' ? null : Number(v.discountStock),
          },
        }
      : {}),
  };
}

/**
 * The form field a server field error belongs to (the 422's `fields` are keyed by the payload's dotted
 * path: `event.name`, `event.productData.minParticipant`, `categorys.options[1].shortName`, `discount.code`);
 * null when the form has no such field.
 */
export function formFieldOf(serverField: string, values: EventFormValues): FieldPath<EventFormValues> | null {
  const direct: Record<string, FieldPath<EventFormValues>> = {
    'event.name': 'name',
    'event.price': 'price',
    'event.idLocalProduct': 'idLocalProduct',
    'event.maxStock': 'stock',
    'event.teamEvent': 'teamEvent',
    'event.dateIni': 'dateIni',
    'event.dateEnd': 'dateEnd',
    templateHtml: 'templateHtml',
    addToLandingPage: 'addToLandingPage',
    'categorys.title': 'categoryTitle',
    'categorys.excluding': 'excludingCategory',
    'discount.code': 'discountId',
    'discount.price': 'discountPrice',
    'discount.expirationDate': 'expirationDate',
    'discount.stock': 'discountStock',
  };
  if (direct[serverField]) return direct[serverField];
  if (serverField.startsWith('categorys')) return 'categoryOptions';
  const feature = /^event\.productData\.(.+)$/.exec(serverField)?.[1];
  if (feature !== undefined && (KNOWN_FEATURES as readonly string[]).includes(feature)) return feature as KnownFeature;
  if (feature !== undefined) {
    const index = values.features.findIndex((f) => f.key.trim() === feature);
    return index === -1 ? null : `features.${index}.value`;
  }
  return null;
}

/** The message key of a server's problem on a field: 'required' when it says so, else 'invalidField'. */
export function serverMessage(message: string): EventFormError {
  if (/^required|is required/i.test(message)) return 'required';
  if (/already/i.test(message)) return 'codeTaken';
  if (/past/i.test(message)) return 'inPast';
  return 'invalidField';
}

/** An event as the event form edits it (GET /api/event/fullEvent). */
export type FullEvent = components['schemas']['FullEvent'];

/** What POST /api/event/updateFullEvent takes. */
export type UpdateEventPayload = components['schemas']['UpdateFullEventRequest'];

/** An amount as the form's text: whole amounts without decimals, others with two ("45.50"). */
function moneyText(amount: number): string {
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}

/** A stored local date-time ("YYYY-MM-DD HH:mm:ss") as the form's datetime-local text ("YYYY-MM-DDTHH:mm"). */
function localInput(stored: string): string {
  return stored.slice(0, 16).replace(' ', 'T');
}

/**
 * The form filled with a stored event (the calendar's Edit): the known product data in their named fields
 * and the other keys as key and value; the category's options parsed; the discount as stored (shown, not
 * edited).
 */
export function fromFullEvent(full: FullEvent): EventFormValues {
  const { event } = full;
  const data: Record<string, unknown> = { ...event.productData };
  const take = (key: KnownFeature): string => {
    const value = data[key];
    delete data[key];
    return value === undefined || value === null || value === false ? '' : String(value);
  };
  const checkboxText = take('checkboxText');
  const promotionText = take('promotionText');
  const oldPrice = take('oldPrice');
  const minParticipant = take('minParticipant');
  const exclusivity = take('exclusivity') === 'true';
  let options: CategoryOption[] = [];
  if (full.categorys) {
    try {
      const parsed = JSON.parse(full.categorys.options) as Partial<CategoryOption>[];
      options = parsed.map((o) => ({ name: o.name ?? '', shortName: o.shortName ?? '', checked: Boolean(o.checked), disabled: Boolean(o.disabled) }));
    } catch {
      options = [];
    }
  }
  const discount = full.discount;
  return {
    ...EMPTY_EVENT_FORM,
    name: event.name,
    price: moneyText(event.price),
    idLocalProduct: event.idLocalProduct,
    stock: event.maxStock === null ? '' : String(event.maxStock),
    teamEvent: event.teamEvent ? 'TEAM' : 'INDIVIDUAL',
    addToLandingPage: full.addToLandingPage ? 'yes' : 'no',
    checkboxText,
    promotionText,
    oldPrice: oldPrice === '' ? '' : moneyText(Number(oldPrice)),
    minParticipant,
    exclusivity,
    features: Object.entries(data).map(([key, value]) => ({ key, value: String(value) })),
    dateIni: localInput(event.dateIni),
    dateEnd: localInput(event.dateEnd),
    categoryTitle: full.categorys?.title ?? '',
    excludingCategory: full.categorys ? (full.categorys.excluding ? 'yes' : 'no') : '',
    categoryOptions: options,
    templateHtml: full.templateHtml,
    applyDiscount: discount ? 'yes' : 'no',
    discountId: discount?.code ?? '',
    discountPrice: discount ? moneyText(discount.price) : '',
    expirationDate: discount?.expirationDate ?? '',
    discountStock: discount?.stock == null ? '' : String(discount.stock),
  };
}

/**
 * The save of an edited event (POST /api/event/updateFullEvent): the create payload's fields that can
 * change, the whole DATA tab (it replaces the ticket's data), `categorys` null when the event has none,
 * based on the version the form was filled from. Whether the event is by teams and its discount code stay.
 */
export function toUpdatePayload(idCompany: number, full: FullEvent, v: EventFormValues): UpdateEventPayload {
  const created = toPayload(idCompany, v);
  return {
    idCompany,
    id: full.id,
    version: full.version,
    event: {
      name: created.event.name,
      price: created.event.price,
      idLocalProduct: created.event.idLocalProduct,
      maxStock: created.event.maxStock ?? null,
      dateIni: created.event.dateIni,
      dateEnd: created.event.dateEnd,
      productData: productDataOf(v),
    },
    templateHtml: created.templateHtml,
    addToLandingPage: created.addToLandingPage,
    categorys: created.categorys ?? null,
  };
}
