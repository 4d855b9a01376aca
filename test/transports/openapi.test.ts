import { describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Catalogue } from '../../src/kernel/catalogue.js';
import { buildOpenApi } from '../../src/transports/openapi.js';
import { testTools } from '../fixtures/tools.js';

describe('the OpenAPI document', () => {
  const catalogue = new Catalogue(testTools);
  const document = buildOpenApi(catalogue, 'http://127.0.0.1:8787') as any;

  it('is a valid OpenAPI 3.1 document for a real validator', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('documents each tool with parameters, body, responses and bearer security', () => {
    const status = document.paths['/api/agents/status/{jobId}'].get;
    expect(status.parameters[0]).toMatchObject({ name: 'jobId', in: 'path', required: true, schema: { type: 'string' } });
    expect(status.security).toEqual([{ bearerAuth: ['jobs:read'] }]);
    expect(status.responses['200'].content['application/json'].schema.properties).toHaveProperty('next_actions');
    expect(status.responses['404']).toEqual({ $ref: '#/components/responses/Error' });

    const echo = document.paths['/api/agents/test/echo'].post;
    expect(echo.requestBody.content['application/json'].schema.required).toEqual(['message']);
    expect(echo.responses['202'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/JobHandle' });
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.paths['/api/agents/mcp'].get.security).toEqual([]);
  });
});
