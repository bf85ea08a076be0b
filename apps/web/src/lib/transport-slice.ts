import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionExpired } from './session-events.ts';

/**
 * The spec's transport value (docs/product-spec.md section 3), persisted with the session. What it
 * holds is not shown; the transport module's own issue gives it a shape.
 */
export interface TTransportState {
  transport: string | null;
}

export const initialTransportState: TTransportState = { transport: null };

export const transportSlice = createSlice({
  name: 'transport',
  initialState: initialTransportState,
  reducers: {
    transportSet(state, action: PayloadAction<string | null>) {
      state.transport = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(sessionExpired.match, () => initialTransportState);
  },
  selectors: {
    selectTransport: (state) => state.transport,
  },
});

export const { transportSet } = transportSlice.actions;
export const { selectTransport } = transportSlice.selectors;
