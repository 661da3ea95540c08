import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type Dispatch,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { createShoppingCart } from '@/features/booking/api/create-shopping-cart';
import type { CompanyConfig } from '@/lib/api/get-config';
import { useProducts, type ProductList } from '@/features/booking/api/get-products';
import { useStaffDesk } from '@/features/booking/api/get-staff-desk';
import { cartQueryKey, getShoppingCart, refreshCart, useShoppingCart, type ShoppingCart } from '@/features/booking/api/get-shopping-cart';
import { releasePrebooking } from '@/features/booking/api/release-prebooking';
import type { Product } from '@/features/booking/utils/product';
import type { RegisterField } from '@/features/booking/utils/server-errors';
import { readSession, wizardStorageKey, writeSession } from '@/features/booking/utils/storage';
import { toast } from '@/lib/toast';
import {
  INITIAL_STATE,
  reconcile,
  wizardReducer,
  type Stage,
  type WizardAction,
  type WizardState,
} from '@/features/booking/utils/wizard-state';
import { isNotFound } from '@/lib/api/errors';
import type { FieldError } from '@/lib/api/field-errors';

/** A notice shown above the wizard until the visitor moves on (the hold's time ran out, say). */
export type WizardNotice = 'timeout' | 'expired' | 'paymentError' | null;

interface WizardContextValue {
  config: CompanyConfig;
  companyKey: string;
  products: ProductList | undefined;
  productsStatus: 'pending' | 'error' | 'success';
  /** The chosen product or pack. */
  product: Product | null;
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  cart: ShoppingCart | undefined;
  /** Whether the state is still being checked against the server after a reload. */
  restoring: boolean;
  /** The cart could not be loaded after a reload (not a 404): the wizard shows an error with retry. */
  restoreFailed: boolean;
  /** Asks the server for the stored cart again after restoreFailed. */
  retryRestore: () => void;
  /** Gives up the stored booking after restoreFailed and starts the wizard afresh. */
  abandonRestore: () => void;
  voucherMode: boolean;
  /** Whether the visitor pays online: the company's setting, except for its staff (they book at the desk). */
  paymentsActive: boolean;
  /** The signed-in staff member of the company booking at the desk (paid at the circuit), or null. */
  deskStaff: string | null;
  /** A discount code from the query string (?discount= or ?code=). */
  queryDiscount: string | null;
  notice: WizardNotice;
  setNotice: (notice: WizardNotice) => void;
  /** Errors the server found in the register form (a 422 on save), for the register stage to show once. */
  serverErrors: FieldError<RegisterField>[] | null;
  setServerErrors: (errors: FieldError<RegisterField>[] | null) => void;
  /** Moves to a stage; moving back to the date stage or before releases the current item's holds. */
  goTo: (stage: Stage) => void;
  /** Jumps to the summary (the cart button); an unfinished current item is given up. */
  jumpToSummary: () => void;
  /** The cart token, creating the cart on first use. */
  ensureCart: () => Promise<string>;
  /** Releases pre-bookings on the server (after taking them out of the state). */
  release: (identifiers: string[]) => Promise<void>;
  /** Time is up: tells the visitor and restarts the wizard at stage 0. */
  timeout: () => void;
  /**
   * Starts afresh for the next person (the kiosk after a period without touches): every hold released,
   * the cart, the form and any notice forgotten, back to stage 0.
   */
  startOver: () => void;
  /** Forgets the stored state (the booking is made; the visitor leaves for the payment page). */
  forget: () => void;
  /** Whether the visitor has moved between stages (then each new stage's heading takes the focus). */
  navigated: { readonly current: boolean };
}

const WizardContext = createContext<WizardContextValue | null>(null);

/** The wizard's state and the actions of its stages. */
export function useWizard(): WizardContextValue {
  const value = useContext(WizardContext);
  if (!value) throw new Error('useWizard must be used inside WizardProvider');
  return value;
}

const storageKey = wizardStorageKey;

function readQueryDiscount(): string | null {
  const params = new URLSearchParams(window.location.search);
  const code = (params.get('discount') ?? params.get('code') ?? '').trim();
  return code ? code.slice(0, 64) : null;
}

interface WizardProviderProps {
  config: CompanyConfig;
  companyKey: string;
  children: ReactNode;
}

/**
 * Holds the booking wizard's state for a company and the actions that change it on the server. The state
 * is kept in session storage and, after a reload, checked against the shopping cart on the server, which
 * decides which step is still valid (CONVENTIONS 17).
 */
export function WizardProvider({ config, companyKey, children }: WizardProviderProps) {
  const { t } = useTranslation('booking');
  const queryClient = useQueryClient();
  const [stored] = useState(() => readSession<WizardState>(storageKey(companyKey)));
  const [state, dispatch] = useReducer(wizardReducer, stored ?? INITIAL_STATE);
  const [restoring, setRestoring] = useState(() => Boolean(stored?.cartToken));
  const [restoreFailed, setRestoreFailed] = useState(false);
  const [notice, setNotice] = useState<WizardNotice>(null);
  const [serverErrors, setServerErrors] = useState<FieldError<RegisterField>[] | null>(null);
  const [queryDiscount] = useState(readQueryDiscount);
  const productsQuery = useProducts(config.idCompany);
  const cartQuery = useShoppingCart(state.cartToken);
  const stateRef = useRef(state);
  // eslint-disable-next-line react-hooks/refs -- the latest value for effects and callbacks that must not re-run when it changes, written during render on purpose
  stateRef.current = state;
  const navigated = useRef(false);
  /* eslint-disable react-hooks/refs -- a stage change is noted during the render that shows it, before its effects run */
  const lastStage = useRef(state.stage);
  if (lastStage.current !== state.stage) {
    lastStage.current = state.stage;
    if (!restoring) navigated.current = true;
  }
  /* eslint-enable react-hooks/refs */

  const voucherMode = config.voucherMode;
  const staffDesk = useStaffDesk(config.idCompany).data;
  const deskStaff = staffDesk?.staff ? (staffDesk.name ?? '') : null;
  const paymentsActive = config.isPaymentsActive === 1 && deskStaff === null;

  useEffect(() => {
    writeSession(storageKey(companyKey), state.stage === 4 ? undefined : state);
  }, [companyKey, state]);

  const release = useCallback(
    async (identifiers: string[]) => {
      const token = stateRef.current.cartToken;
      if (identifiers.length === 0 || !token) return;
      dispatch({ type: 'removeHolds', identifiers });
      await Promise.allSettled(identifiers.map((id) => releasePrebooking(id, token)));
      await refreshCart(queryClient, token);
    },
    [queryClient],
  );

  const timeout = useCallback(() => {
    dispatch({ type: 'restart' });
    setNotice('timeout');
    toast(t('errors.timeoutPrebooking'), 'orange');
  }, [t]);

  // After a reload: the server's cart decides which holds still count and which stage is valid.
  useEffect(() => {
    if (!restoring) return;
    const token = stored?.cartToken;
    if (!token) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- restoring ends at once when there is no stored cart to ask the server about
      setRestoring(false);
      return;
    }
    let cancelled = false;
    getShoppingCart(token)
      .then((cart) => {
        if (cancelled) return;
        // The cart query may have failed meanwhile (the same outage): it shows this answer.
        queryClient.setQueryData(cartQueryKey(token), cart);
        const result = reconcile(stateRef.current, cart, true);
        dispatch({ type: 'replace', state: result.state });
        if (result.expired) {
          setNotice('timeout');
          toast(t('errors.timeoutPrebooking'), 'orange');
        }
        for (const id of result.orphans) void releasePrebooking(id, token).catch(() => undefined);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        // An unknown cart is gone for good: start afresh. Anything else (the network, the server) may
        // pass: the visitor sees an error and retries, instead of a wizard silently reset.
        if (isNotFound(error)) {
          // Said, not silent: the visitor had started (a session held, an item in the cart or a stage
          // past the first) and must know that what was held is gone.
          const had = stateRef.current;
          dispatch({ type: 'replace', state: INITIAL_STATE });
          if (had.stage > 0 || had.holds.length > 0 || had.stack.length > 0) setNotice('expired');
        } else setRestoreFailed(true);
      })
      .finally(() => {
        if (!cancelled) setRestoring(false);
      });
    return () => {
      cancelled = true;
    };
  }, [queryClient, restoring, stored, t]);

  // Whenever the cart is fetched again, a hold it reports as expired ends the booking attempt.
  const cart = cartQuery.data;
  useEffect(() => {
    if (!cart || restoring) return;
    const result = reconcile(stateRef.current, cart);
    if (result.expired) timeout();
  }, [cart, restoring, timeout]);

  const startOver = useCallback(() => {
    const current = stateRef.current;
    const holds = [...current.holds, ...current.stack.flatMap((item) => item.holds)].map((h) => h.identifier);
    const token = current.cartToken;
    dispatch({ type: 'replace', state: INITIAL_STATE });
    stateRef.current = INITIAL_STATE;
    setNotice(null);
    setServerErrors(null);
    if (token) for (const id of holds) void releasePrebooking(id, token).catch(() => undefined);
  }, []);

  const ensureCart = useCallback(async () => {
    const existing = stateRef.current.cartToken;
    if (existing) return existing;
    const token = await createShoppingCart(config.idCompany);
    dispatch({ type: 'setCart', token });
    stateRef.current = { ...stateRef.current, cartToken: token };
    return token;
  }, [config.idCompany]);

  const goTo = useCallback(
    (target: Stage) => {
      const current = stateRef.current;
      setNotice(null);
      if (current.stage === 3 && target < 3) {
        if (target === 2) {
          dispatch({ type: 'editLastItem' });
          return;
        }
        const last = current.stack.at(-1);
        dispatch({ type: 'dropLastItem' });
        if (last) void release(last.holds.map((h) => h.identifier));
      } else if (target <= 1 && current.holds.length > 0) {
        void release(current.holds.map((h) => h.identifier));
      }
      // In voucher mode going back to the (hidden) date stage goes to stage 0.
      const stage = voucherMode && target === 1 && target < current.stage ? 0 : target;
      dispatch({ type: 'goTo', stage });
    },
    [release, voucherMode],
  );

  const jumpToSummary = useCallback(() => {
    const current = stateRef.current;
    setNotice(null);
    if (current.stage < 3 && current.holds.length > 0) void release(current.holds.map((h) => h.identifier));
    dispatch({ type: 'goTo', stage: 3 });
  }, [release]);

  const retryRestore = useCallback(() => {
    setRestoreFailed(false);
    setRestoring(true);
  }, []);

  const abandonRestore = useCallback(() => {
    setRestoreFailed(false);
    dispatch({ type: 'replace', state: INITIAL_STATE });
  }, []);

  const products = productsQuery.data;
  const product = useMemo(() => {
    if (state.productId === null || !products) return null;
    return products.productsBooking.find((p) => p.id === state.productId) ?? null;
  }, [products, state.productId]);

  const value: WizardContextValue = {
    config,
    companyKey,
    products,
    productsStatus: productsQuery.status,
    product,
    state,
    dispatch,
    cart,
    restoring,
    restoreFailed,
    retryRestore,
    abandonRestore,
    voucherMode,
    paymentsActive,
    deskStaff,
    queryDiscount,
    notice,
    setNotice,
    serverErrors,
    setServerErrors,
    goTo,
    jumpToSummary,
    ensureCart,
    release,
    timeout,
    startOver,
    navigated,
    forget: () => writeSession(storageKey(companyKey), undefined),
  };
  return <WizardContext.Provider value={value}>{children}</WizardContext.Provider>;
}
