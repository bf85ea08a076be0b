import { useDispatch, useSelector } from 'react-redux';
import type { TAppDispatch, TRootState } from './store.ts';

/** The typed hooks; the raw `useDispatch`/`useSelector` are not used elsewhere. */
export const useAppDispatch = useDispatch.withTypes<TAppDispatch>();
export const useAppSelector = useSelector.withTypes<TRootState>();
